"""The web client's QR encoder (client_web/src/qr.js, run in Node) draws the same matrix as
python-qrcode for the same text, version and mask: device links scan on any phone."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
import qrcode

ROOT = Path(__file__).resolve().parents[2]
LINKS = [
    "http://127.0.0.1:8000/#/device/q3ZkVd0bX1yQ-3_xP9aLmA",
    "https://cards.example.org/#/device/AAAAAAAAAAAAAAAAAAAAAA",
    "hi",
    "https://a-rather-long-host-name-for-a-card-room.example.com:8443/#/device/zzzzzzzzzzzzzzzzzzzzzz",
]


def js_matrices(cases: list[dict]) -> list[list[list[bool]]]:
    script = (
        "import { qrMatrix } from './client_web/src/qr.js';"
        "const cases = JSON.parse(process.argv[1]);"
        "console.log(JSON.stringify(cases.map((c) => qrMatrix(c.text, c))));"
    )
    out = subprocess.run(
        ["node", "--input-type=module", "-e", script, json.dumps(cases)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def reference(text: str, version: int | None, mask: int | None) -> list[list[bool]]:
    code = qrcode.QRCode(
        version=version,
        error_correction=qrcode.constants.ERROR_CORRECT_M,
        border=0,
        mask_pattern=mask,
    )
    code.add_data(text.encode(), optimize=0)  # one segment, byte mode
    code.make(fit=version is None)
    return [[bool(m) for m in row] for row in code.modules]


@pytest.mark.parametrize("text", LINKS)
def test_every_mask_draws_python_qrcodes_matrix(text):
    version = len(reference(text, None, 0)) // 4 - 4  # the smallest that holds it
    cases = [{"text": text, "version": version, "mask": m} for m in range(8)]
    for mask, matrix in enumerate(js_matrices(cases)):
        assert matrix == reference(text, version, mask), (text, version, mask)


def test_versions_up_to_ten_and_the_chosen_mask_is_one_of_them():
    text = LINKS[0]
    cases = [{"text": text, "version": v, "mask": 3} for v in range(4, 11)]
    for case, matrix in zip(cases, js_matrices(cases), strict=True):
        assert matrix == reference(text, case["version"], 3), case["version"]
    (chosen,) = js_matrices([{"text": text}])
    assert chosen in [reference(text, None, m) for m in range(8)]
