#!/usr/bin/env python3
"""Writes the keyed-archive fixtures of WenjinKeyedArchiveTests with an independent writer.

Each archive is built by hand in the layout iOS's NSKeyedArchiver uses ($archiver, $version,
$top.root, $objects with "$null" first, $class descriptions) and written by python3's plistlib,
which writes UIDs. expected.json records what a correct reader must find in each file.
Run from anywhere: python3 make_fixtures.py (output is deterministic).
"""
import json
import os
import plistlib
import struct
import zlib
from plistlib import UID

HERE = os.path.dirname(os.path.abspath(__file__))


def tiny_png():
    """A valid 1x1 red PNG, so the bytes are a real image."""
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    pixels = zlib.compress(b"\x00\xff\x00\x00")
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")


PNG = tiny_png()
JPEG = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xff\xd9"


class Archive:
    """$objects under construction: "$null", then the root (filled last), then the rest."""

    ROOT = UID(1)

    def __init__(self):
        self.objects = ["$null", None]
        self.classes = {}

    def add(self, value):
        self.objects.append(value)
        return UID(len(self.objects) - 1)

    def cls(self, *names):
        if names not in self.classes:
            self.classes[names] = self.add({"$classname": names[0], "$classes": list(names)})
        return self.classes[names]

    def instance(self, names, fields, root=False):
        fields = dict(fields)
        fields["$class"] = self.cls(*names)
        if not root:
            return self.add(fields)
        self.objects[1] = fields
        return self.ROOT

    def dictionary(self, pairs):
        keys = [self.add(k) for k, _ in pairs]
        values = [v for _, v in pairs]
        return self.instance(("NSDictionary", "NSObject"), {"NS.keys": keys, "NS.objects": values})

    def font(self, name, size):
        return self.instance(("UIFont", "NSObject"), {
            "NSName": self.add(name), "NSSize": float(size), "NSfontDescriptorOptions": 0x80000000})

    def color(self, r, g, b, a):
        return self.instance(("UIColor", "NSObject"), {
            "UIRed": r, "UIGreen": g, "UIBlue": b, "UIAlpha": a, "UIColorComponentCount": 4})

    def paragraph_style(self):
        return self.instance(("NSMutableParagraphStyle", "NSParagraphStyle", "NSObject"), {
            "NSAlignment": 4, "NSTabStops": UID(0)})

    def url(self, relative, base=None):
        return self.instance(("NSURL", "NSObject"), {
            "NS.base": base if base is not None else UID(0), "NS.relative": self.add(relative)})

    def file_wrapper_attachment(self, contents, name):
        wrapper = self.instance(("NSFileWrapper", "NSObject"), {
            "NSFileWrapperContents": self.add(contents), "NSFileWrapperPreferredFilename": self.add(name)})
        return self.instance(("NSTextAttachment", "NSObject"), {
            "NSFileWrapper": wrapper, "NSFileType": self.add("public.png")})

    def bytes(self):
        assert self.objects[1] is not None, "root not filled"
        top = {"$archiver": "NSKeyedArchiver", "$version": 100000, "$top": {"root": self.ROOT},
               "$objects": self.objects}
        return plistlib.dumps(top, fmt=plistlib.FMT_BINARY)


def varints(pairs):
    out = bytearray()
    for pair in pairs:
        for number in pair:
            while number >= 0x80:
                out.append((number & 0x7F) | 0x80)
                number >>= 7
            out.append(number)
    return bytes(out)


def utf16_len(text):
    return len(text.encode("utf-16-le")) // 2


def attributed(archive, runs, described, mutable=True, string_object=True, single_as_array=False):
    """Fills the root with an attributed string of runs [(text, attribute dictionary UID)];
    returns the fixture's expectations. described maps a dictionary UID to its expected attributes."""
    text = "".join(piece for piece, _ in runs)
    dictionaries, info = [], []
    for piece, dictionary in runs:
        if dictionary not in dictionaries:
            dictionaries.append(dictionary)
        info.append((utf16_len(piece), dictionaries.index(dictionary)))
    if string_object:
        string = archive.instance(("NSMutableString", "NSString", "NSObject"), {"NS.string": text})
    else:
        string = archive.add(text)
    fields = {"NSString": string}
    if len(info) == 1 and not single_as_array:
        fields["NSAttributes"] = dictionaries[0]
    else:
        fields["NSAttributes"] = archive.instance(("NSArray", "NSObject"), {"NS.objects": dictionaries})
        fields["NSAttributeInfo"] = archive.add(varints(info))
    names = ("NSMutableAttributedString", "NSAttributedString", "NSObject") if mutable else \
        ("NSAttributedString", "NSObject")
    archive.instance(names, fields, root=True)
    expected_runs, start = [], 0
    for piece, dictionary in runs:
        length = utf16_len(piece)
        expected_runs.append(dict(start=start, length=length, **described[dictionary.data]))
        start += length
    return dict(kind="attributedString", text=text, runs=expected_runs)


def fonts_colors_links():
    a = Archive()
    body = a.font("PingFangSC-Regular", 17)
    bold = a.font("PingFangSC-Semibold", 20.5)
    plain = a.dictionary([("NSFont", body), ("NSParagraphStyle", a.paragraph_style())])
    title = a.dictionary([("NSFont", bold), ("NSColor", a.color(1.0, 0.0, 0.0, 1.0))])
    link = a.dictionary([("NSFont", body), ("NSLink", a.url("https://example.com/测试"))])
    runs = [("问津：天大的问答社区😀\n", title), ("欢迎提问👨‍👩‍👧，", plain), ("链接", link), ("。Done 🎉", plain)]
    described = {
        plain.data: dict(font=dict(name="PingFangSC-Regular", size=17), others=["NSParagraphStyle"]),
        title.data: dict(font=dict(name="PingFangSC-Semibold", size=20.5), color=[1, 0, 0, 1]),
        link.data: dict(font=dict(name="PingFangSC-Regular", size=17), link="https://example.com/测试"),
    }
    return a, attributed(a, runs, described)


def embedded_images():
    a = Archive()
    body = a.font("PingFangSC-Regular", 17)
    plain = a.dictionary([("NSFont", body)])
    png = a.dictionary([("NSFont", body), ("NSAttachment", a.file_wrapper_attachment(PNG, "image.png"))])
    # A second attachment keeps its bytes in NSContents, with no file wrapper.
    direct = a.instance(("NSTextAttachment", "NSObject"), {"NSContents": a.add(JPEG), "NSFileType": a.add("public.jpeg")})
    jpeg = a.dictionary([("NSAttachment", direct)])
    runs = [("图一：", plain), ("\ufffc", png), ("\n图二😀：", plain), ("\ufffc", jpeg), ("\n完", plain)]
    described = {
        plain.data: dict(font=dict(name="PingFangSC-Regular", size=17)),
        png.data: dict(font=dict(name="PingFangSC-Regular", size=17), attachment=dict(image=PNG.hex(), name="image.png")),
        jpeg.data: dict(attachment=dict(image=JPEG.hex())),
    }
    return a, attributed(a, runs, described)


def missing_image():
    a = Archive()
    gray = a.instance(("UIColor", "NSObject"), {"UIWhite": 0.5, "UIAlpha": 1.0})
    rgb = a.instance(("NSColor", "NSObject"), {"NSColorSpace": 1, "NSRGB": a.add(b"0 0.5 1 0.25\x00")})
    text_attrs = a.dictionary([("NSColor", gray)])
    blue = a.dictionary([("NSColor", rgb)])
    empty = a.instance(("NSTextAttachment", "NSObject"), {"NSFileType": a.add("public.png")})
    attach = a.dictionary([("NSAttachment", empty)])
    runs = [("前\ufffc", text_attrs), ("\ufffc", attach), ("后 blue", blue)]
    # The first run has no attachment attribute: its U+FFFC stays text.
    described = {
        text_attrs.data: dict(color=[0.5, 0.5, 0.5, 1]),
        blue.data: dict(color=[0, 0.5, 1, 0.25]),
        attach.data: dict(attachment=dict(image=None)),
    }
    return a, attributed(a, runs, described)


def serialized_wrapper():
    """UIKit-style font members, and a file wrapper whose only data is a serialized blob with
    the PNG somewhere inside (the real layout is undocumented; a header and a tail stand in)."""
    a = Archive()
    font = a.instance(("UIFont", "NSObject"), {
        "UIFontName": a.add(".SFUIText"), "UIFontPointSize": 16.0, "UISystemFont": True, "UIFontTraits": 0})
    blob = b"\x00\x00\x00\x03header" + PNG + b"\x00tail"
    wrapper = a.instance(("NSFileWrapper", "NSObject"), {"NSFileWrapperSerializedRepresentation": a.add(blob)})
    attachment = a.instance(("NSTextAttachment", "NSObject"), {"NSFileWrapper": wrapper})
    text = a.dictionary([("NSFont", font)])
    image = a.dictionary([("NSFont", font), ("NSAttachment", attachment)])
    runs = [("看图", text), ("\ufffc", image)]
    described = {
        text.data: dict(font=dict(name=".SFUIText", size=16)),
        image.data: dict(font=dict(name=".SFUIText", size=16), attachment=dict(image=PNG.hex())),
    }
    return a, attributed(a, runs, described)


def single_run_plain_string():
    a = Archive()
    attrs = a.dictionary([("NSFont", a.font("HelveticaNeue", 14))])
    runs = [("Just one run, no NSAttributeInfo 中文", attrs)]
    described = {attrs.data: dict(font=dict(name="HelveticaNeue", size=14))}
    return a, attributed(a, runs, described, mutable=False, string_object=False)


def many_runs():
    """300 runs: two-byte object references and varints above 127."""
    a = Archive()
    fonts = [a.dictionary([("NSFont", a.font("Font%d" % i, 10 + i))]) for i in range(3)]
    runs = []
    for i in range(300):
        runs.append(("第%d段" % i + "x" * (i % 200), fonts[i % 3]))
    described = {fonts[i].data: dict(font=dict(name="Font%d" % i, size=10 + i)) for i in range(3)}
    return a, attributed(a, runs, described)


def topics(mutable):
    a = Archive()
    titles = ["天津大学", "考研", "Swift", "emoji😀话题", "a" * 40]
    if mutable:
        elements = [a.instance(("NSMutableString", "NSString", "NSObject"), {"NS.string": t}) for t in titles]
        a.instance(("NSMutableArray", "NSArray", "NSObject"), {"NS.objects": elements}, root=True)
    else:
        elements = [a.add(t) for t in titles]
        a.instance(("NSArray", "NSObject"), {"NS.objects": elements}, root=True)
    return a, dict(kind="strings", strings=titles)


def assorted_dictionary():
    """An NSDictionary of the other value kinds a keyed archive holds."""
    a = Archive()
    base = a.url("https://wenjin.example/questions/")
    pairs = [
        ("count", 42), ("ratio", 0.25), ("flag", True), ("big", -7),
        ("when", a.instance(("NSDate", "NSObject"), {"NS.time": 500000000.5})),
        ("bytes", a.add(b"\x00\x01\x02")),
        ("wrapped", a.instance(("NSMutableData", "NSData", "NSObject"), {"NS.data": b"abc"})),
        ("list", a.instance(("NSArray", "NSObject"), {"NS.objects": [a.add("x"), a.add("y")]})),
        ("url", a.url("3521.html", base)),
        ("style", a.instance(("NSParagraphStyle", "NSObject"), {"NSAlignment": 1})),
    ]
    keys = [a.add(k) for k, _ in pairs]
    a.instance(("NSDictionary", "NSObject"), {"NS.keys": keys, "NS.objects": [v for _, v in pairs]}, root=True)
    return a, dict(kind="dictionary", url="https://wenjin.example/questions/3521.html", date=500000000.5)


FIXTURES = {
    "fonts-colors-links": fonts_colors_links,
    "embedded-images": embedded_images,
    "missing-image": missing_image,
    "serialized-wrapper": serialized_wrapper,
    "single-run-plain-string": single_run_plain_string,
    "many-runs": many_runs,
    "topics": lambda: topics(False),
    "topics-mutable": lambda: topics(True),
    "assorted-dictionary": assorted_dictionary,
}


def main():
    expected = {}
    for name, make in FIXTURES.items():
        archive, expectation = make()
        with open(os.path.join(HERE, name + ".plist"), "wb") as out:
            out.write(archive.bytes())
        expected[name] = expectation
    # One fixture per line: readable diffs without a 300-run fixture taking pages.
    lines = ["%s: %s" % (json.dumps(name), json.dumps(expected[name], ensure_ascii=False, sort_keys=True))
             for name in sorted(expected)]
    with open(os.path.join(HERE, "expected.json"), "w", encoding="utf-8") as out:
        out.write("{\n" + ",\n".join(lines) + "\n}\n")


if __name__ == "__main__":
    main()
