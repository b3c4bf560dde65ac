"""The modes of a modal spell chosen as it is cast (CR 700.2a, 601.2b), from the cast sentence's
"choosing mode K": the spell carries its header and the chosen modes' abilities only (rules.lp,
mtgkb/rules/modes.lp, checks their number and leaves a resolution with every mode carried, or
another number than the header says, unsettled).  A leaf: it imports no engine module but ask."""

from __future__ import annotations

from .ask import ScenarioError


def is_mode(ab) -> bool:
    """A mode line of a modal spell ("• ..."), read or not."""
    return ab.text.lstrip().startswith("•")


def chosen_abilities(face, abil: tuple, modes: tuple, s) -> tuple:
    """The abilities (ab(Face, I) symbols, in printed order) a spell cast with `modes` carries:
    every non-mode ability and the modes named (1 = the first mode); without modes named, all."""
    if not modes:
        return abil
    mode_index = [i for i, ab in enumerate(face.abilities, 1) if is_mode(ab)]
    if not mode_index:
        raise ScenarioError(f"{face.name} has no modes, so no mode can be chosen (700.2)", s)
    bad = [k for k in modes if not 1 <= k <= len(mode_index)]
    if bad:
        raise ScenarioError(f"{face.name} has {len(mode_index)} modes: there is no mode {bad[0]} (700.2)", s)
    if len(set(modes)) != len(modes):
        raise ScenarioError(f"a mode of {face.name} is chosen twice; a mode is chosen once unless the card "
                            f"says otherwise (700.2d)", s)
    keep = {mode_index[k - 1] for k in modes}
    return tuple(A for A in abil if A.arguments[1].number not in mode_index or A.arguments[1].number in keep)
