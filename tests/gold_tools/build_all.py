"""Rewrite every gold record and its Markdown article: `python tests/gold_tools/build_all.py`."""

from __future__ import annotations

import build_djangodevreng
import build_heitor
import build_jvr0x
import build_kleybrink
import build_miaai
from gold_common import write_record

if __name__ == "__main__":
    for builder in (build_heitor, build_miaai, build_kleybrink, build_jvr0x, build_djangodevreng):
        print(write_record(builder.build()))
