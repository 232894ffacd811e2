import NoodleCore
import Testing

@Suite("Searching the shipped catalog")
struct CatalogSearchTests {
    private func ids(_ query: String) -> [String] {
        Shipped.catalog.search(query).map { Shipped.catalog.entries[$0].id }
    }

    @Test("Latin letters, any case, spaces ignored")
    func latin() {
        #expect(ids("shin") == ["shin-ramyun", "shin-ramyun-black"])
        #expect(ids("SHIN RAMYUN") == ["shin-ramyun", "shin-ramyun-black"])
        #expect(ids("shinramyun") == ["shin-ramyun", "shin-ramyun-black"])
        #expect(ids("jin") == ["jin-ramen", "jin-jjamppong"])
    }

    @Test("Hangul syllables")
    func hangul() {
        #expect(ids("라면").count >= 5)
        #expect(ids("라면").contains("samyang-ramyun"))
        #expect(ids("신라면") == ["shin-ramyun", "shin-ramyun-black"])
        #expect(ids("신 라 면") == ["shin-ramyun", "shin-ramyun-black"])
    }

    @Test("initial consonants stand for whole syllables")
    func choseong() {
        #expect(ids("ㅅㄹㅁ").contains("shin-ramyun"))
        #expect(ids("ㅈㄹㅁ").contains("jin-ramen"))
        #expect(!ids("ㅈㄹㅁ").contains("shin-ramyun"))
        #expect(ids("신ㄹ") == ["shin-ramyun", "shin-ramyun-black"])
        #expect(ids("ㅉㅍㄱㅌ") == ["chapagetti"])
    }

    @Test("the brand finds its products")
    func brand() {
        #expect(ids("nongshim") == ["shin-ramyun", "shin-ramyun-black", "neoguri", "chapagetti", "ansungtangmyun"])
        #expect(ids("Nissin") == ["nissin-cup-noodles", "nissin-chicken-ramen"])
    }

    @Test("no match finds nothing; an empty query finds everything")
    func edges() {
        #expect(ids("pizza").isEmpty)
        #expect(ids("ㅋㅋㅋ").isEmpty)
        #expect(ids("").count == Shipped.catalog.entries.count)
        #expect(ids("   ").count == Shipped.catalog.entries.count)
    }
}
