// One import gives a widget author the whole API: the views and the WidgetKit model.
@_exported import WidgetUI
@_exported import Widgets
