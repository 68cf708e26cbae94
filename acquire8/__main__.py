from acquire8.cli import main

main()
