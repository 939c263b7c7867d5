import NightstandKit

// The `nightstand` program: the command line with the built-in widgets.
await NightstandCommand.main(widgets: [])
