"""The test suite's gates: a test that needs a tool or ``../shared`` skips without it on a
checkout, and fails in CI (``CI`` set by .ci/run), where a missing one is a broken set-up."""

from __future__ import annotations

import pytest
from conftest import SHARED, require_shared


def test_missing_shared_data_skips_here_and_fails_in_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    missing = SHARED / "witnesses" / "no-such-witness.txt"
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match=r"shared/witnesses/no-such-witness\.txt"):
        require_shared(missing)
    monkeypatch.setenv("CI", "1")
    with pytest.raises(pytest.fail.Exception, match="in CI every gate must run"):
        require_shared(missing)
