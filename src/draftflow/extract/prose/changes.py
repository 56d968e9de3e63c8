"""Changes and differences written in sentences (issue 30): a percent a comparative follows
(`38 % fewer output tokens`, `6% faster`) or a verb of change governs (`Q2 on TP2 loses 48%`,
`cuts latency by 25%`) is a relative change; points (`+1.7 points`, `loses 20 points`,
`~20 pp`) are a difference of scores, unless they are points of something else (`500 points,
you get a reward`, `a 5-point scale`). What the hardware or the model has more of (`50% more
compute`, `14% more parameters`) and sizes (`19% smaller`) are specifications, not results.
Bounds (`up to`, `more than`) are ruled out before these words are read (`words.BOUND`).
"""

from __future__ import annotations

import re

from draftflow.extract.prose.words import without_approximation

CHANGE_UNITS = frozenset({"%", "pp", "points"})
"""Units a number of change is written in: the phrase a comparative after them governs is
what changed (`38 % fewer output tokens`), not a setting."""

POINTS = re.compile(r"(?:points?|pts)\b", re.IGNORECASE)
"""Points written after a number or joined to it (`12 points`, `a 20-point regression`)."""

_COMPARATIVE_AFTER = re.compile(
    r"^\s*(?:fewer|less|more|faster|slower|higher|lower|better|worse|cheaper|reduction|"
    r"increase|decrease|improvement|speed-?up|slowdown|gain|drop|boost|penalty|regression)\b"
    r"(?!\s+(?:[\w-]+\s+)?(?:compute|parameters?|params|cores?|engines?|layers?|weights?|"
    r"model|data|memory|bandwidth|vram|ram|capacity|kernel))",
    re.IGNORECASE,
)
_CHANGE_VERB_BEFORE = re.compile(
    r"\b(?:los(?:es|t|ing)|lose|gain(?:s|ed)?|rose|rises|rise|fell|falls|fall|drop(?:s|ped)?|"
    r"moved|improv(?:es|ed)|increas(?:es|ed)|decreas(?:es|ed)|declin(?:es|ed)|grew|grows|"
    r"shr(?:ank|inks)|cut(?:s|ting)?|reduc(?:es|ed)|regress(?:es|ed)|jump(?:s|ed)|"
    r"climb(?:s|ed)|slow(?:s|ed)\s+(?:down|by))(?:\s+[\w/-]+){0,4}?\s+by\s*$|"
    r"\b(?:los(?:es|t)|gain(?:s|ed)|rose|fell|drop(?:s|ped)|moved|grew|shrank|jump(?:s|ed)|"
    r"climb(?:s|ed)|increas(?:es|ed)|decreas(?:es|ed)|declin(?:es|ed)|improv(?:es|ed))\s*$",
    re.IGNORECASE,
)
_NOT_SCORE_POINTS = re.compile(
    r"^\s*(?:of\s+(?:data|measurement|sample)|scale|rubric|grid|sweep|curve|system|font|"
    r"type|size|star|checklist|plan|list)\b",
    re.IGNORECASE,
)
_POINTS_MOVED = re.compile(
    r"^\s*(?:apart|behind|ahead|lower|higher|better|worse|up|down|gap|regression|drop|gain|"
    r"improvement|difference|lead|margin)\b",
    re.IGNORECASE,
)


_NEW_LEVEL_BEFORE = re.compile(
    r"\b(?:rose|rises|rise|risen|fell|falls|fall|fallen|drop(?:s|ped)?|grew|grows|grown|"
    r"shr(?:ank|inks|unk)|jump(?:s|ed)|climb(?:s|ed)|increas(?:es|ed)|decreas(?:es|ed)|"
    r"declin(?:es|ed)|improv(?:es|ed)|reduc(?:es|ed)|cut|collapsed?|plummet(?:s|ed)|"
    r"went\s+(?:up|down)|goes\s+(?:up|down)|sank|sinks)(?:\s+from\s+[^\s,;]+)?"
    r"\s+(?:all\s+the\s+way\s+)?to\s*$",
    re.IGNORECASE,
)


def new_level(before: str) -> bool:
    """A verb of change with `to` right before the number (`MATH-500 dropped to 0%`): the
    number is the level reached, not the change (that is written `by`)."""
    near = without_approximation(before[-60:].rstrip(" *_~≈")).rstrip(" *_~≈")
    return bool(_NEW_LEVEL_BEFORE.search(near))


def compared_after(after: str) -> bool:
    """A comparative stands right after the unit (`fewer`, `faster`, `improvement`), and no
    specification noun after it (`more compute`)."""
    return bool(_COMPARATIVE_AFTER.match(after))


def changed(before: str, after: str) -> bool:
    """The words right around a number say it is a change: a comparative after its unit, or a
    verb of change just before it (`loses 48%`, `cuts latency by 25%`, `improved CPU prompt
    processing speed by almost 50%`, `speed decreases approximately 30-40%`)."""
    if compared_after(after):
        return True
    near = without_approximation(before[-60:].rstrip(" *_~≈")).rstrip(" *_~≈")
    return bool(_CHANGE_VERB_BEFORE.search(near))


def not_score_points(after: str) -> bool:
    """Points of a scale, a grid or data (`a 5-point scale`, `points of data`)."""
    return bool(_NOT_SCORE_POINTS.match(after))


def points_moved(after: str) -> bool:
    """The words after points say a score moved or stands apart (`12 points apart`)."""
    return bool(_POINTS_MOVED.match(after))
