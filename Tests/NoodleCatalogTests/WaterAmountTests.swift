import NoodleCore
import Testing

@Suite("Water for several packs, from the shipped catalog")
struct WaterAmountTests {
    /// What the user sees and whether it is marked as worked out; `Amount` has no public initializer to compare with.
    private func shown(_ amount: Water.Amount) -> (text: String, isEstimate: Bool) {
        (amount.text, amount.isEstimate)
    }

    @Test("Nongshim's table gives two packs exactly")
    func makerTable() throws {
        let amount = try Shipped.entry("shin-ramyun").water.amount(forPacks: 2)
        #expect(shown(amount) == ("880 ml", false))
    }

    @Test("beyond Ottogi's four-pack table, the figure is an estimate marked ≈")
    func beyondTable() throws {
        let amount = try Shipped.entry("jin-ramen").water.amount(forPacks: 5)
        #expect(amount.isEstimate)
        #expect(amount.text == "≈2550 ml")
    }

    @Test("one pack is the pack's own figure, exactly")
    func onePack() throws {
        #expect(try shown(Shipped.entry("samyang-ramyun").water.amount(forPacks: 1)) == ("550 ml", false))
        #expect(try shown(Shipped.entry("shin-ramyun").water.amount(forPacks: 1)) == ("550 ml", false))
    }

    @Test("without a table, more packs are an estimate")
    func noTable() throws {
        let amount = try Shipped.entry("samyang-ramyun").water.amount(forPacks: 2)
        #expect(shown(amount) == ("≈1050 ml", true))
    }

    @Test("a product with only words says them, for any number of packs")
    func wordsOnly() throws {
        let water = try Shipped.entry("ansungtangmyun").water
        #expect(water.millilitres == nil)
        #expect(water.summary == "check the pack")
        #expect(shown(water.amount(forPacks: 1)) == ("check the pack", false))
        #expect(water.amount(forPacks: 3).text == "3 packs: check the pack")
        #expect(try Shipped.entry("king-cup").water.summary == "to the inner line (~400 ml)")
    }
}
