// Observation needs Swift 6.1 or later to link (Sources/WidgetUI/Environment/ObservableEnvironment.swift).
#if compiler(>=6.1)
    import Foundation
    import NightstandTesting
    import Raster
    import Testing

    @testable import WidgetUI

    /// A model as iOS apps write one, with the Observation macro.
    @Observable
    private final class Portfolio {
        var coins: [String] = ["BTC", "ETH"]
    }

    /// Reads the model from the environment.
    private struct CoinList: View {
        @Environment(Portfolio.self) private var portfolio

        var body: some View {
            VStack(spacing: 0) {
                ForEach(portfolio.coins, id: \.self) { Text($0) }
            }
        }
    }

    /// Reads the model if it is there.
    private struct OptionalCoinList: View {
        @Environment(Portfolio.self) private var portfolio: Portfolio?

        var body: some View {
            Text(portfolio.map { "\($0.coins.count) coins" } ?? "no portfolio")
        }
    }

    /// Counts its evaluations in a `@State`, changed through the binding as the body runs.
    private struct Counter: View {
        let entry: Int
        @State private var evaluations = 0

        var body: some View {
            let binding = $evaluations
            binding.wrappedValue += 1
            return Text("entry \(entry) evaluated \(evaluations)")
        }
    }

    @Suite("StateAndEnvironment")
    struct StateAndEnvironmentTests {
        private func texts(_ view: some View, environment: EnvironmentValues = EnvironmentValues())
            -> [String]
        {
            accessibilityElements(
                of: view, size: Size(width: 200, height: 100), environment: environment
            ).compactMap(\.label)
        }

        @Test("@Environment(Model.self) reads the object .environment(model) put there")
        func observableEnvironment() {
            let portfolio = Portfolio()
            #expect(texts(CoinList().environment(portfolio)) == ["BTC", "ETH"])
            portfolio.coins.append("SOL")
            // The next frame (the next entry) reads the model as it is now.
            #expect(texts(CoinList().environment(portfolio)) == ["BTC", "ETH", "SOL"])
            #expect(texts(OptionalCoinList().environment(portfolio)) == ["3 coins"])
            #expect(texts(OptionalCoinList()) == ["no portfolio"])
        }

        @Test("a view whose model is missing draws nothing, logs once, and the rest draws")
        func missingModel() {
            let recorder = LogRecorder()
            var environment = EnvironmentValues()
            environment.imageCache = ImageCache(logger: recorder.logger(label: "test"))
            let view = VStack {
                CoinList()
                Text("still here")
            }
            #expect(texts(view, environment: environment) == ["still here"])
            #expect(texts(view, environment: environment) == ["still here"])
            let warnings = recorder.messages.filter { $0.contains("Portfolio") }
            #expect(warnings.count == 1)
            #expect(warnings.first?.contains(".environment(model)") == true)
        }

        @Test("@State starts afresh for every entry; a change made while the body runs is seen")
        func stateIsPerEntry() {
            #expect(texts(Counter(entry: 1)) == ["entry 1 evaluated 1"])
            #expect(texts(Counter(entry: 2)) == ["entry 2 evaluated 1"])
            let view = Counter(entry: 3)
            #expect(texts(view) == ["entry 3 evaluated 1"])
            #expect(Binding.constant(5).wrappedValue == 5)
        }

        @Test("layoutDirection and preferredColorScheme are in the environment")
        func directionAndScheme() {
            struct Reader: View {
                @Environment(\.layoutDirection) var direction
                @Environment(\.colorScheme) var scheme
                var body: some View {
                    Text("\(String(describing: direction)) \(String(describing: scheme))")
                }
            }
            #expect(texts(Reader()) == ["leftToRight dark"])
            #expect(
                texts(
                    Reader().environment(\.layoutDirection, .rightToLeft).preferredColorScheme(
                        .light))
                    == ["rightToLeft light"])
            #expect(texts(Reader().preferredColorScheme(nil)) == ["leftToRight dark"])
        }
    }
#endif
