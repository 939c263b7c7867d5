import NightstandKit

// The `nightstand` program: the command line with the built-in widgets.
NightstandCommand.main(widgets: [])
