from whist.cli import main

main()
