import NightstandBench
import NightstandProgram

// The `nightstand` program: the command line with the built-in widgets, and the commands for
// its developers (`bench`, `show-test-frame`).
NightstandCommand.main(widgets: [], commands: DeveloperCommands.all)
