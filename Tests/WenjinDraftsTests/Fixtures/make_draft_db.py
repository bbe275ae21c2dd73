#!/usr/bin/env python3
"""Writes draft.db for WenjinDraftsTests with an independent writer: python3's sqlite3 and plistlib.

The file is what the WENJIN iOS client (2.2+) leaves: the client's own `create table` statements
(typeless columns, no primary key), rows inserted the way it inserts them, and BLOBs that are
NSKeyedArchiver binary property lists built by hand in iOS's layout (plistlib writes UIDs).
One question row holds a corrupt `detail` so readers must report it and still load the others.
Run from anywhere: python3 make_draft_db.py (the output is deterministic).
"""
import os
import plistlib
import sqlite3
import struct
import zlib
from plistlib import UID

HERE = os.path.dirname(os.path.abspath(__file__))
KEY = "0123456789abcdef0123456789abcdef"


def tiny_png():
    """A valid 1x1 PNG, so the attachment holds a real image."""
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\x00\x00\x80\xff")) + chunk(b"IEND", b"")


class Archive:
    """$objects under construction: "$null", the root (filled last), then everything else."""

    def __init__(self):
        self.objects = ["$null", None]
        self.classes = {}

    def add(self, value):
        self.objects.append(value)
        return UID(len(self.objects) - 1)

    def instance(self, names, fields):
        if names not in self.classes:
            self.classes[names] = self.add({"$classname": names[0], "$classes": list(names)})
        return self.add(dict(fields, **{"$class": self.classes[names]}))

    def root(self, names, fields):
        uid = self.instance(names, fields)
        self.objects[1] = self.objects[uid.data]
        return UID(1)

    def dictionary(self, pairs):
        return self.instance(("NSDictionary", "NSObject"), {
            "NS.keys": [self.add(k) for k, _ in pairs], "NS.objects": [v for _, v in pairs]})

    def font(self, name, size):
        return self.instance(("UIFont", "NSObject"), {"NSName": self.add(name), "NSSize": float(size)})

    def color(self, r, g, b):
        return self.instance(("UIColor", "NSObject"), {"UIRed": r, "UIGreen": g, "UIBlue": b, "UIAlpha": 1.0})

    def image_attachment(self, png, name):
        wrapper = self.instance(("NSFileWrapper", "NSObject"), {
            "NSFileWrapperContents": self.add(png), "NSFileWrapperPreferredFilename": self.add(name)})
        return self.instance(("NSTextAttachment", "NSObject"), {"NSFileWrapper": wrapper})

    def bytes(self):
        return plistlib.dumps({"$archiver": "NSKeyedArchiver", "$version": 100000, "$top": {"root": UID(1)},
                               "$objects": self.objects}, fmt=plistlib.FMT_BINARY)


def varint_pairs(pairs):
    out = bytearray()
    for pair in pairs:
        for number in pair:
            while number >= 0x80:
                out.append((number & 0x7F) | 0x80)
                number >>= 7
            out.append(number)
    return bytes(out)


def attributed(runs_of):
    """An NSMutableAttributedString archive; runs_of(archive) gives [(text, dictionary UID)]."""
    a = Archive()
    runs = runs_of(a)
    dictionaries, info = [], []
    for text, dictionary in runs:
        if dictionary not in dictionaries:
            dictionaries.append(dictionary)
        info.append((len(text.encode("utf-16-le")) // 2, dictionaries.index(dictionary)))
    string = a.instance(("NSMutableString", "NSString", "NSObject"), {"NS.string": "".join(t for t, _ in runs)})
    fields = {"NSString": string}
    if len(runs) == 1:
        fields["NSAttributes"] = dictionaries[0]
    else:
        fields["NSAttributes"] = a.instance(("NSArray", "NSObject"), {"NS.objects": dictionaries})
        fields["NSAttributeInfo"] = a.add(varint_pairs(info))
    a.root(("NSMutableAttributedString", "NSAttributedString", "NSObject"), fields)
    return a.bytes()


def topics(titles):
    a = Archive()
    a.root(("NSArray", "NSObject"), {"NS.objects": [a.add(t) for t in titles]})
    return a.bytes()


def library_question(a):
    font = a.font("PingFangSC-Regular", 17)
    text = a.dictionary([("NSFont", font)])
    image = a.dictionary([("NSFont", font), ("NSAttachment", a.image_attachment(tiny_png(), "photo.png"))])
    return [("期末周图书馆开到几点？\n\n", text), ("\ufffc", image), ("\n谢谢😀", text)]


def plain(content):
    return lambda a: [(content, a.dictionary([("NSFont", a.font(".SFUIText", 17))]))]


def two_colours(a):
    font = a.font(".SFUIText", 17)
    return [("第一段。\n\n", a.dictionary([("NSFont", font)])),
            ("红色的第二段", a.dictionary([("NSFont", font), ("NSColor", a.color(1.0, 0.0, 0.0))]))]


def main():
    path = os.path.join(HERE, "draft.db")
    if os.path.exists(path):
        os.remove(path)
    db = sqlite3.connect(path)
    db.execute("create table Question(time, title, detail, topic, attachAccessKey, anonymous)")
    db.execute("create table Answer(time, questionId, content, attachAccessKey, anonymous)")
    question = "insert into Question(time, title, detail, topic, attachAccessKey, anonymous) values(?,?,?,?,?,?)"
    db.execute(question, (1700000000, "图书馆几点关门？", attributed(library_question), topics(["天津大学", "图书馆"]), KEY, 0))
    # Corrupt: the detail BLOB is not a property list at all.
    db.execute(question, (1700000100, "坏掉的草稿", b"\x00garbage, not bplist00", topics(["坏"]), KEY, 0))
    db.execute(question, (1700000200, "Same second, anonymous", attributed(plain("Hello 问津 🎉")), topics([]), KEY, 1))
    answer = "insert into Answer values(?,?,?,?,?)"
    db.execute(answer, (1700000200, "3521", attributed(plain("我觉得是晚上十点。")), KEY, 0))
    db.execute(answer, (1700000300, "42", attributed(two_colours), KEY, 1))
    db.commit()
    db.close()


if __name__ == "__main__":
    main()
