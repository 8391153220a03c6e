"""The active rules in words, generated from the Ruleset's fields for the help screen; and where they come from."""

from __future__ import annotations

from yaniv_tui.engine import PRESET_GROUPS, Ruleset, parse_card, preset_group
from yaniv_tui.store.userrules import GROUP_HEADINGS
from yaniv_tui.table.words import a_reset, capital


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _deal(rules: Ruleset) -> str:
    decks = _plural(rules.decks, "deck")
    if rules.more_decks_from:
        # The decks counted at each size that adds one ("2 decks from 4 players"), not "one more from 4".
        more = (f"{_plural(rules.decks_for(n), 'deck')} from {n} players" for n in sorted(set(rules.more_decks_from)))
        decks += f" ({', '.join(more)})"
    chosen = ""
    if len(rules.hand_sizes) > 1:
        *most, last = map(str, rules.hand_sizes)
        chosen = f" (the host picks {', '.join(most)} or {last})"
    up = "" if rules.turn_up else " No card is turned up: the first player of a round drops and draws from the deck."
    if rules.deck_recount:
        up += " Each round is dealt from the decks the players still in need."
    return (
        f"{rules.min_players} to {rules.max_players} players. Each gets {rules.hand_size} cards{chosen}, from "
        f"{decks} with {_plural(rules.jokers_per_deck, 'joker')} each.{up}"
    )


def _values(rules: Ruleset) -> str:
    faces = {rules.jack_value, rules.queen_value, rules.king_value}
    if rules.jack_swing:
        jacks = (
            f"jacks count {rules.jack_low} while the hand totals {rules.swing_up_to} or less that way, "
            f"else {rules.jack_high} each; queen {rules.queen_value}, king {rules.king_value}"
        )
    elif len(faces) == 1:
        jacks = f"jack, queen and king {rules.jack_value}"
    else:
        jacks = f"jack {rules.jack_value}, queen {rules.queen_value}, king {rules.king_value}"
    text = f"Card values: ace {rules.ace_value}, two to ten as marked, {jacks}, joker {rules.joker_value}."
    if rules.card_values:
        own = ", ".join(f"{parse_card(code).name()} {value}" for code, value in rules.card_values)
        text += f" Cards of their own value: {own}."
    return text


def _drops(rules: Ruleset) -> str:
    wild = [where for where, on in (("sets", rules.jokers_in_sets), ("runs", rules.jokers_in_runs)) if on]
    jokers = f"Jokers are wild in {' and '.join(wild)}." if wild else "Jokers are never wild."
    if rules.joker_set:
        jokers += " Jokers alone may be dropped as a set."
    natural = ""
    if rules.run_min_natural > 1:
        natural = f" with at least {rules.run_min_natural} cards that are not jokers"
    if rules.jokers_in_runs and not rules.joker_ends:
        jokers += " Jokers only fill gaps inside a run, never its ends."
    elif rules.jokers_in_runs and rules.spare_joker == "before_first":
        jokers += (
            " A spare joker in a run goes on the low end if you lay it (choose it) before the first card that is "
            "not a joker, else on the high end."
        )
    return (
        f"On your turn drop a single card, a set of {rules.set_min} or more of one rank, or a run of "
        f"{rules.run_min} or more in one suit{natural} (ace is low only). {jokers}"
    )


def _take(rules: Ruleset) -> str:
    def how(rule: str) -> str:
        return "any card" if rule == "any" else "the first or last card"

    if rules.take_from_set == rules.take_from_run:
        text = f"{how(rules.take_from_set)} of the previous drop"
    else:
        text = f"{how(rules.take_from_set)} of a set or {how(rules.take_from_run)} of a run from the previous drop"
    swap = (
        " Joker swap: instead of taking a card, you may take a joker from inside the run just dropped by putting in "
        "its place the card it stands for, from your hand."
        if rules.joker_swap
        else ""
    )
    return f"Then take one card: the deck's top card, or {text}.{swap}"


def _slap(rules: Ruleset) -> str | None:
    if not rules.slap_down:
        return None
    single = rules.slap_after == "single"
    dropped = "the rank of the single card you just dropped" if single else "the rank you just dropped"
    text = f"Slap-down: if the card you take from the deck matches {dropped}, you may drop it at once."
    if not rules.slap_jokers:
        text += " A joker taken from the deck is never slapped down onto jokers."
    if rules.slap_runs:
        text += " A card from the deck that extends the run you just dropped, at either end, may be slapped onto it."
    if not rules.slap_last_card:
        text += " Never your last card."
    elif rules.empty_hand == "wins_at_once":
        text += " A hand a slap-down empties wins the round at once, with a hand of 0."
    return text


def _call(rules: Ruleset) -> str:
    limit = rules.yaniv_limit
    return f"Call Yaniv at the start of your turn, instead of dropping, when your hand is worth {limit} or less."


def _assaf(rules: Ruleset) -> str:
    if not rules.assaf:
        return "There is no Assaf: the lowest hand scores 0 and everyone else adds their hand."
    penalty = f"{rules.assaf_penalty}"
    if rules.assaf_penalty_per_extra:
        penalty += f" (and {rules.assaf_penalty_per_extra} more for each Assafer after the first)"
    caller = f"the caller adds {'their hand plus ' if rules.assaf_caller_adds_hand else ''}{penalty}"
    zero = {
        "lowest": "the lowest hand scores 0",
        "assafers": "everyone who Assafed scores 0",
        "first_lowest": "the lowest hand scores 0 (the first after the caller on a tie)",
        "last_lowest": "the lowest hand scores 0 (the one in the highest-numbered seat on a tie)",
    }[rules.assaf_zero]
    others = "others add their hands" if rules.assaf_others_score else "nobody else scores"
    # Both sentences come from the one tie rule, so they cannot disagree about an equal hand.
    if rules.assaf_on_tie:
        safe, assafed = "every other hand is higher", "someone has a hand as low or lower (a tie Assafs)"
    else:
        safe, assafed = "nobody has a lower hand (a tie goes to the caller)", "someone has a lower hand"
    return (
        f"If {safe}, the caller scores 0 and everyone else adds their hand. If {assafed}, "
        f"the caller is Assafed: {caller}, {zero}, {others}."
    )


def _resets(rules: Ruleset) -> str | None:
    parts = [f"{a} → {b}" for a, b in rules.resets]
    if rules.reset_every:
        parts.append(f"every multiple of {rules.reset_every} drops by {rules.reset_every_by}")
    text = ""
    if parts:
        text = f"{capital(a_reset(rules))} when a round's points land a score exactly on it: {'; '.join(parts)}."
        if rules.reset_on_zero_added:
            text += " A score the round adds nothing to is reset too."
        if not rules.reset_with_penalty:
            text += " An Assafed caller's score is never reset by a round that Assafs them."
    if rules.reset_jokers_held:
        text += (
            f" A player ending a round holding {_plural(rules.reset_jokers_held, 'joker')} or more has their score "
            "set to 0."
        )
    return text.strip() or None


def _next_first(rules: Ruleset) -> str | None:
    # The winner starting the next round is the core rule, said nowhere else either.
    return {
        "round_winner": None,
        "caller": "The caller of a round starts the next one.",
        "left_of_last_first": "The player after the one who started a round starts the next.",
    }[rules.next_first]


def _end(rules: Ruleset) -> str:
    limit = rules.end_limit
    passing = f"above {limit}" if rules.end_on == "above" else f"at {limit} or more"
    if rules.end_mode == "elimination":
        return f"A score {passing} is out; the last player left wins."
    return f"The game ends when a score is {passing}; the lowest score wins."


def _bonus(rules: Ruleset) -> str | None:
    if not rules.bonus_zero_wins:
        return None
    return (
        f"Bonus: every {rules.bonus_zero_wins} rounds won with a hand of 0 take {rules.bonus_points} off "
        f"(with {rules.bonus_min_players} or more players)."
    )


def describe(rules: Ruleset) -> list[str]:
    """The rules of `rules`, one sentence or two per line, in the game's own words."""
    lines = [
        _deal(rules),
        _values(rules),
        _drops(rules),
        _take(rules),
        _slap(rules),
        _call(rules),
        _assaf(rules),
        _next_first(rules),
        _resets(rules),
        _end(rules),
        _bonus(rules),
    ]
    return [line for line in lines if line]


def source_line(rules: Ruleset) -> str:
    """Where `rules` come from, in a player's words: a preset of the rule books (its `source` numbered as
    rulesets/README.md lists them, "source 000: Israeli rules (RU to EN)") under the heading the presets' list gives
    them, by its words alone; any other source (another program's table, a player's own) as it is written."""
    rule_books = PRESET_GROUPS[0]
    if preset_group(rules) == rule_books:
        words = rules.source.partition(": ")[2] or rules.source
        return f"{GROUP_HEADINGS[rule_books]}: {words}"
    return f"From {rules.source}"
