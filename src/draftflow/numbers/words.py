"""Numbers written as words: "two", "twenty-five", "a dozen", "two hundred" (and Dutch)."""

from __future__ import annotations

_UNITS_WORDS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "dozen": 12,
    # Dutch (the corpus has Dutch documents); "een" (also "a") and "elf" are left out.
    "twee": 2,
    "drie": 3,
    "vier": 4,
    "vijf": 5,
    "zes": 6,
    "zeven": 7,
    "acht": 8,
    "negen": 9,
    "tien": 10,
    "twaalf": 12,
}
_TENS_WORDS = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
_BIG_WORDS = {"hundred": 100, "thousand": 1000, "million": 1_000_000}
ARTICLE_WORDS = frozenset({"dozen", *_BIG_WORDS})


def word_value(word: str) -> int | None:
    """The value of one number word or hyphenated compound (`twenty-five`), else None."""
    word = word.lower()
    if word in _UNITS_WORDS:
        return _UNITS_WORDS[word]
    if word in _TENS_WORDS:
        return _TENS_WORDS[word]
    if word in _BIG_WORDS:
        return _BIG_WORDS[word]
    if "-" in word:
        tens, _, unit = word.partition("-")
        if tens in _TENS_WORDS and unit in _UNITS_WORDS and 1 <= _UNITS_WORDS[unit] <= 9:
            return _TENS_WORDS[tens] + _UNITS_WORDS[unit]
    return None


def join_words(first: float, second_text: str, second: float) -> float | None:
    """The value of two adjacent number words, or None when they do not form one number."""
    if second_text in _BIG_WORDS and 1 <= first < 1000:
        return first * _BIG_WORDS[second_text]
    if first in _TENS_WORDS.values() and 1 <= second <= 9:
        return first + second
    if first >= 100 and first % 100 == 0 and 1 <= second < 100:
        return first + second
    return None


NUMBER_WORDS = frozenset({*_UNITS_WORDS, *_TENS_WORDS, *_BIG_WORDS})
"""Every word `word_value` reads (compounds such as `twenty-five` are two of them)."""


_ENGLISH_COUNTS = [w for w in list(_UNITS_WORDS)[:13] if w != "dozen"]


def count_word(count: int) -> str:
    """A small count as prose writes it (`one`, `twelve`); a larger one in digits."""
    if 0 <= count < len(_ENGLISH_COUNTS):
        return _ENGLISH_COUNTS[count]
    return str(count)
