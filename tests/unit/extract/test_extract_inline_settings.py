"""A setup table's cell that writes its run settings inline under their own names (`| Sampling
| temperature=0, top_p=1, max_tokens=128 |`): each is the figures' parameter, cited at that line
(Sergey-Kit README.md:40; every result's temperature, top_p and max_output_tokens were blank,
read33-s26b)."""

from __future__ import annotations

from draftflow.extract.conditions.run_parameters import cell_parameters

SAMPLING = "`temperature=0`, `top_p=1`, `max_tokens=128`, no `ignore_eos`"


def test_a_cell_of_inline_settings_states_each_under_its_name() -> None:
    assert cell_parameters("Sampling", SAMPLING) == (
        ("temperature", 0.0),
        ("top_p", 1.0),
        ("max_output_tokens", 128),
    )


def test_a_cell_without_settings_by_name_states_none() -> None:
    assert cell_parameters("GPU", "GTX 1650 SUPER, 4096 MiB, driver 591.86") == ()
    assert cell_parameters("Context", "512 tokens/slot (sweep)") == ()
    # out of a setting's range is no reading of it (a GPU's `temp=45`)
    assert cell_parameters("Sensors", "temp=45, fan=30%") == ()
    # a header that names the setting is read as before, the cell whole
    assert cell_parameters("temperature", "0.6") == (("temperature", 0.6),)
