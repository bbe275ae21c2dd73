/// What the sample pictures show: identicons for avatars, tiles for topics, and simple landscapes
/// for uploaded photos. Each picture is a pure function of the seed and the owner's id.
enum SampleImages {
    typealias Pixel = SampleImageEncoder.Pixel

    static func avatar(seed: UInt64, uid: Int, size: Int) -> [UInt8] {
        SampleImageCache.shared.picture(.init(kind: .avatar, seed: seed, id: uid, width: size, height: size, png: false)) {
            drawAvatar(seed: seed, uid: uid, size: size)
        }
    }

    static func topic(seed: UInt64, id: Int, size: Int) -> [UInt8] {
        SampleImageCache.shared.picture(.init(kind: .topic, seed: seed, id: id, width: size, height: size, png: false)) {
            drawTopic(seed: seed, id: id, size: size)
        }
    }

    static func photo(seed: UInt64, id: Int, width: Int, height: Int, png: Bool) -> [UInt8] {
        SampleImageCache.shared.picture(.init(kind: .photo, seed: seed, id: id, width: width, height: height, png: png)) {
            drawPhoto(seed: seed, id: id, width: width, height: height, png: png)
        }
    }

    private static func drawAvatar(seed: UInt64, uid: Int, size: Int) -> [UInt8] {
        var rng = SeededRandom(seed: seed, kind: .image, id: uid, salt: 1)
        let color = vivid(&rng)
        let cells = (0..<15).map { _ in rng.chance(0.5) }
        return SampleImageEncoder.jpeg(width: size, height: size) { x, y in
            let column = min(4, x * 5 / size)
            let row = min(4, y * 5 / size)
            let mirrored = column > 2 ? 4 - column : column
            return cells[row * 3 + mirrored] ? color : (240, 240, 240)
        }
    }

    private static func drawTopic(seed: UInt64, id: Int, size: Int) -> [UInt8] {
        var rng = SeededRandom(seed: seed, kind: .image, id: id, salt: 2)
        let (a, b) = (vivid(&rng), vivid(&rng))
        return SampleImageEncoder.jpeg(width: size, height: size) { x, y in (x / max(1, size / 4) + y / max(1, size / 4)) % 2 == 0 ? a : b }
    }

    private static func drawPhoto(seed: UInt64, id: Int, width: Int, height: Int, png: Bool) -> [UInt8] {
        var rng = SeededRandom(seed: seed, kind: .image, id: id, salt: 3)
        let sky = vivid(&rng)
        let ground = vivid(&rng)
        let horizon = Double(rng.int(40...70)) / 100
        let sun = (x: Double(rng.int(10...90)) / 100, y: Double(rng.int(10...35)) / 100)
        let draw: (Int, Int) -> Pixel = { x, y in
            let (u, v) = (Double(x) / Double(width), Double(y) / Double(height))
            if (u - sun.x) * (u - sun.x) + (v - sun.y) * (v - sun.y) < 0.01 { return (250, 220, 90) }
            return v < horizon ? shade(sky, 1 - v * 0.5) : shade(ground, 1.1 - v * 0.4)
        }
        return png ? SampleImageEncoder.png(width: width, height: height, pixel: draw)
            : SampleImageEncoder.jpeg(width: width, height: height, pixel: draw)
    }

    static func placeholder(size: Int, topic: Bool) -> [UInt8] {
        SampleImageEncoder.png(width: size, height: size) { x, y in
            let inside = abs(x - size / 2) < size / 4 && abs(y - size / 2) < size / 4
            return inside ? (topic ? (120, 160, 200) : (180, 180, 180)) : (230, 230, 230)
        }
    }

    private static func vivid(_ rng: inout SeededRandom) -> Pixel {
        (UInt8(rng.int(40...220)), UInt8(rng.int(40...220)), UInt8(rng.int(40...220)))
    }

    private static func shade(_ color: Pixel, _ factor: Double) -> Pixel {
        func scale(_ channel: UInt8) -> UInt8 { UInt8(max(0, min(255, Double(channel) * factor))) }
        return (scale(color.r), scale(color.g), scale(color.b))
    }
}
