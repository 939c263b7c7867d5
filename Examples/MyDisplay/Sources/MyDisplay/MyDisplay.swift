import NightstandKit

/// The program: Nightstand's host, with this package's widgets available by kind in the
/// configuration next to the built-in ones.
@main
struct MyDisplay: WidgetBundle {
    var body: some Widget {
        BatteryWidget()
        DeparturesWidget()
        ForecastWidget()
        TideWidget()
    }
}
