import Testing

@testable import Audio

@Suite struct FadeAndToneTests {
    @Test func fadeRisesFromSilentToTheVolumeAsASquare() {
        let fade = FadeIn(volume: 0.8, seconds: 60)
        #expect(fade.gain(atFrame: 0, rate: 48_000) == 0)
        #expect(abs(fade.gain(atFrame: 48_000 * 30, rate: 48_000) - 0.2) < 1e-9)
        #expect(abs(fade.gain(atFrame: 48_000 * 15, rate: 48_000) - 0.05) < 1e-9)
        #expect(fade.gain(atFrame: 48_000 * 60, rate: 48_000) == 0.8)
        #expect(fade.gain(atFrame: 48_000 * 3600, rate: 48_000) == 0.8)
        var previous = -1.0
        for second in 0...60 {
            let gain = fade.gain(atFrame: 48_000 * second, rate: 48_000)
            #expect(gain > previous)
            previous = gain
        }
    }

    @Test func noFadeStartsAtTheVolumeAndOutOfRangeValuesAreClamped() {
        #expect(FadeIn(volume: 0.5, seconds: 0).gain(atFrame: 0, rate: 44_100) == 0.5)
        #expect(FadeIn(volume: 3, seconds: -2) == FadeIn(volume: 1, seconds: 0))
        #expect(FadeIn(volume: .nan, seconds: .infinity) == FadeIn(volume: 0, seconds: 0))
    }

    @Test func applyingTheFadeScalesAndClipsInto16Bits() {
        let input: [Float] = [1, -1, 2, .nan]
        var output = [Int16](repeating: 7, count: 4)
        FadeIn.apply(
            FadeIn(volume: 1, seconds: 0), from: input, to: &output, frames: 2, channels: 2,
            startFrame: 0, rate: 48_000)
        #expect(output == [32_767, -32_767, 32_767, 0])
        FadeIn.apply(
            FadeIn(volume: 1, seconds: 1), from: input, to: &output, frames: 2, channels: 2,
            startFrame: 24_000, rate: 48_000)
        #expect(output[0] == Int16(Float(0.25) * 32_767))
    }

    @Test func theChimeIsTwoDecayingNotesThatLoopWithoutAClick() {
        let samples = BuiltinTone.chime.samples
        #expect(samples.count == 96_000)
        let peak = samples.map(abs).max() ?? 0
        #expect(abs(peak - 0.9) < 1e-4)
        // Silent at the very start (the attack), loud just after each strike.
        #expect(abs(samples[0]) < 0.01)
        #expect(rms(samples[480..<4_800]) > 0.2)
        #expect(rms(samples[24_480..<28_800]) > 0.2)
        // Decaying: the end of the period is far quieter than its first strike.
        #expect(rms(samples[90_000..<96_000]) < rms(samples[480..<4_800]) / 10)
        // The loop's seam: the last sample and the first are both near zero.
        #expect(abs(samples[samples.count - 1] - samples[0]) < 0.02)
        // Its pitch: E5's 659 Hz counted by zero crossings over 0.1 s of the first strike.
        let crossings = zip(samples[2_400..<7_200], samples[2_401..<7_201]).filter {
            $0 < 0 && $1 >= 0
        }.count
        #expect((60...72).contains(crossings))
    }

    @Test func theBeepIsFourShortBeepsAndTheBellOneLowStrike() {
        let beep = BuiltinTone.beep.samples
        #expect(beep.count == 67_200)
        #expect(abs((beep.map(abs).max() ?? 0) - 0.9) < 1e-4)
        // Each beep sounds for 0.1 s and the gap after it is silent.
        for start in [0.0, 0.2, 0.4, 0.6] {
            let on = Int(start * 48_000)
            #expect(rms(beep[(on + 480)..<(on + 4_320)]) > 0.3)
            #expect(rms(beep[(on + 5_040)..<(on + 9_120)]) < 0.001)
        }
        #expect(rms(beep[38_400..<67_200]) < 0.001)
        // 1 kHz: 100 rising zero crossings in the first beep's 0.1 s.
        let crossings = zip(beep[0..<4_800], beep[1..<4_801]).filter { $0 < 0 && $1 >= 0 }.count
        #expect((95...105).contains(crossings))
        let bell = BuiltinTone.bell.samples
        #expect(bell.count == 144_000)
        #expect(rms(bell[480..<9_600]) > 0.2)
        #expect(rms(bell[134_400..<144_000]) < rms(bell[480..<9_600]) / 10)
        #expect(abs(bell[bell.count - 1] - bell[0]) < 0.02)
    }

    @Test func theToneSourceLoopsThePeriod() {
        let source = ToneSource(.chime)
        var buffer = [Float](repeating: 0, count: 100_000)
        let first = buffer.withUnsafeMutableBufferPointer {
            source.read(into: $0.baseAddress!, frames: 100_000)
        }
        #expect(first == 96_000)
        let second = buffer.withUnsafeMutableBufferPointer {
            source.read(into: $0.baseAddress!, frames: 10)
        }
        #expect(second == 10)
        #expect(Array(buffer[0..<10]) == Array(BuiltinTone.chime.samples[0..<10]))
    }
}

func rms(_ samples: ArraySlice<Float>) -> Float {
    (samples.reduce(0) { $0 + $1 * $1 } / Float(samples.count)).squareRoot()
}
