"""Is a new password hard enough to guess? ``check_password`` answers with data.

The estimate is zxcvbn's (Dropbox's password-strength model: dictionaries of common
passwords, words and names, keyboard patterns, sequences, repeats, dates). Two lists of
common passwords are refused outright: zxcvbn's own (30,000 from public leaks) and
:data:`COMMON_PASSWORDS`, which adds the ones Chinese-speaking users pick and zxcvbn's
English-centred lists miss (``woaini1314``, ``5201314``, ``wodemima``); that list also
joins zxcvbn's dictionaries, so ``woaini1314abc`` scores as weak as it is.

The answer is a :class:`PasswordVerdict`: a score and stable problem codes, worst first.
The forms turn the codes into localized sentences. Passwords the site generates itself
(random, for teacher-made accounts) do not go through this check.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass

from zxcvbn import matching, zxcvbn

# zxcvbn's time grows with length; beyond this the password is long enough to judge by
# its first part (zxcvbn itself refuses more than 72 characters).
CHECKED_LENGTH = 72
DEFAULT_MIN_SCORE = 3  # zxcvbn: 3 = "safely unguessable", about 10^10 guesses needed
SITE_WORDS = ("long card academy", "longcard", "academy", "长牌学堂", "changpai", "xuetang")

# Passwords common among Chinese-speaking users (pinyin phrases, lucky and love numbers,
# keyboard walks), as reported in analyses of public leaks. Lower case, most common first.
# fmt: off
COMMON_PASSWORDS = (
    "woaini1314", "5201314", "1314520", "5201314520", "woaini520", "woaini", "7758521",
    "aini1314", "iloveyou1314", "a5201314", "qq5201314", "wo520ni", "520520520", "1314521",
    "woshishui", "wodemima", "mima123", "mimamima", "nihao123", "nihaoma", "caonima", "jiayou",
    "jiayou123", "zhangwei", "wangwei", "wangyang", "liuyang", "zhang123", "wang123456",
    "li123456", "zhangjie", "wangjing", "lijing", "liuwei", "woaiwojia", "woaiwoma",
    "woaibaba", "woaimama", "wodebaobei", "baobei520", "laopo520", "laogong520", "qq123456",
    "qq123456789", "123456qq", "123456aa", "aa123456", "a123456789", "a12345678", "asd123456",
    "abc123456", "qwe123456", "123qwe", "123qweasd", "1qaz2wsx", "1qazxsw2", "qazwsxedc",
    "zxcvbnm123", "147258369", "147852369", "741852963", "963852741", "159357", "159753",
    "123654789", "789456123", "88888888", "66666666", "16888888", "51888888", "168168168",
    "518518518", "12344321", "11223344", "31415926", "3.1415926", "19491001", "dearbook",
    "xiazhili", "110110110", "123321123", "1357924680", "shanghai", "beijing", "tianjin",
    "chongqing", "guangzhou", "shenzhen", "zhongguo", "china123",
)
# fmt: on

# zxcvbn's dictionaries are module state: the list is added once, and the per-call
# user inputs (zxcvbn stores them there too) are guarded by a lock.
matching.add_frequency_lists({"common_cn": list(COMMON_PASSWORDS)})
_COMMON = frozenset(COMMON_PASSWORDS) | frozenset(matching.RANKED_DICTIONARIES["passwords"])
_ZXCVBN = threading.Lock()

# Problem codes, worst first, and the zxcvbn patterns behind them.
PROBLEMS = ("common", "personal", "keyboard", "sequence", "repeat", "date", "name", "word")
_BY_PATTERN = {"spatial": "keyboard", "sequence": "sequence", "repeat": "repeat"}
_BY_PATTERN |= {"date": "date", "regex": "date"}
_BY_DICTIONARY = {"passwords": "common", "common_cn": "common", "user_inputs": "personal"}
_BY_DICTIONARY |= {"female_names": "name", "male_names": "name", "surnames": "name"}


@dataclass(frozen=True)
class PasswordVerdict:
    """``score`` 0-4 (zxcvbn); ``problems``: codes from :data:`PROBLEMS` plus ``"weak"``
    when no pattern explains a low score; empty when the password is good enough."""

    score: int
    problems: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.problems


def check_password(
    password: str, *, user_inputs: Iterable[str] = (), min_score: int = DEFAULT_MIN_SCORE
) -> PasswordVerdict:
    """How guessable ``password`` is for someone who knows ``user_inputs`` (the username)."""
    if password.lower() in _COMMON:
        return PasswordVerdict(0, ("common",))
    inputs = [*SITE_WORDS, *(s for s in user_inputs if s)]
    with _ZXCVBN:
        result = zxcvbn(password[:CHECKED_LENGTH], user_inputs=inputs)
    score = int(result["score"])
    if score >= min_score:
        return PasswordVerdict(score)
    found = {_problem(match) for match in result["sequence"]}
    problems = tuple(code for code in PROBLEMS if code in found)
    return PasswordVerdict(score, problems or ("weak",))


def _problem(match: dict[str, object]) -> str | None:
    pattern = match.get("pattern")
    if pattern == "dictionary":
        return _BY_DICTIONARY.get(str(match.get("dictionary_name")), "word")
    return _BY_PATTERN.get(str(pattern))
