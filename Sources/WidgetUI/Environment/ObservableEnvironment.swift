// Swift 6.0.3 as Debian 13 ships it (Raspberry Pi OS's `swiftlang`) cannot link a program
// that uses Observation: its libswiftObservation.so needs `swift::threading::fatal`, which
// its runtime does not export. With that toolchain, `@Environment(Model.self)` and
// `.environment(model)` are not there (docs/porting.md).
#if compiler(>=6.1)
    @_exported import Observation

    extension Environment {
        /// Reads the observable object of a type that an ancestor put in the environment with
        /// ``View/environment(_:)``.
        ///
        /// ```swift
        /// @Observable final class Portfolio { var coins: [Coin] = [] }
        ///
        /// struct CoinList: View {
        ///     @Environment(Portfolio.self) private var portfolio
        ///     var body: some View { ForEach(portfolio.coins) { CoinRow(coin: $0) } }
        /// }
        /// ```
        ///
        /// A view reading a type no ancestor provided draws nothing, and the missing type is
        /// logged once.
        public init(_ objectType: Value.Type) where Value: AnyObject & Observable {
            self.init(reading: { $0.observableObjects[ObjectIdentifier(objectType)] as? Value })
        }

        /// Reads the observable object of a type from the environment, or nil when no ancestor
        /// provided one.
        ///
        /// ```swift
        /// @Environment(Portfolio.self) private var portfolio: Portfolio?
        /// ```
        public init<Object: AnyObject & Observable>(_ objectType: Object.Type)
        where Value == Object? {
            self.init(reading: {
                .some($0.observableObjects[ObjectIdentifier(objectType)] as? Object)
            })
        }
    }

    extension View {
        /// Puts an observable object in the environment of this view and everything inside it,
        /// where `@Environment(Model.self)` finds it by its type.
        ///
        /// ```swift
        /// CoinList().environment(portfolio)
        /// ```
        ///
        /// `nil` removes the object of that type.
        public func environment<Object: AnyObject & Observable>(_ object: Object?) -> some View {
            EnvironmentModifier(content: self) {
                $0.observableObjects[ObjectIdentifier(Object.self)] = object
            }
        }
    }

    extension EnvironmentValues {
        /// The observable objects put in the environment, by the identity of their type.
        var observableObjects: [ObjectIdentifier: AnyObject] {
            get { self[ObservableObjectsKey.self] }
            set { self[ObservableObjectsKey.self] = newValue }
        }
    }

    private struct ObservableObjectsKey: EnvironmentKey {
        static var defaultValue: [ObjectIdentifier: AnyObject] { [:] }
    }
#endif
