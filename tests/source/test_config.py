"""Every setting is read in one place (server/config.py) and documented in the README's table,
and the two name the same settings."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from server.config import Config, StoreSettings
from server.store import open_store

ROOT = Path(__file__).resolve().parents[2]
SETTING = re.compile(r"""["']((?:CARDROOM|REDIS)_[A-Z_]+|HOST|PORT|LOG_LEVEL)["']""")


def read_in_config() -> set[str]:
    return set(SETTING.findall((ROOT / "server" / "config.py").read_text()))


def documented() -> set[str]:
    """The names in the first column of the README's table under "Running it"."""
    text = (ROOT / "README.md").read_text()
    table = text.split("## Running it", 1)[1].split("\n\n", 2)[1]
    names: set[str] = set()
    for row in table.splitlines()[2:]:
        names |= set(re.findall(r"`([A-Z_]+)`", row.split("|")[1]))
    return names


def test_the_readme_table_and_config_name_the_same_settings():
    assert documented() == read_in_config()


def test_no_other_module_of_the_server_reads_the_environment():
    readers = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "server").rglob("*.py")
        if path.name != "config.py"
        and re.search(r"os\.environ|os\.getenv|getenv\(", path.read_text())
    ]
    assert readers == []


def test_settings_come_from_the_environment_given():
    config = Config.from_env(
        {
            "PORT": "9001",
            "REDIS_SENTINELS": "10.0.0.1:26379, 10.0.0.2:26380",
            "REDIS_PREFIX": "x",
            "CARDROOM_MAX_ROOMS": "7",
            "LOG_LEVEL": "WARNING",
        }
    )
    assert (config.port, config.max_rooms, config.log_level) == (9001, 7, "warning")
    assert config.store.sentinels == (("10.0.0.1", 26379), ("10.0.0.2", 26380))
    assert config.store.redis and config.store.prefix == "x"


def test_with_nothing_set_the_store_is_the_embedded_file():
    settings = StoreSettings.from_env({})
    assert not settings.redis and settings.db_path == "cardroom.sqlite3"


async def test_the_commit_spacing_is_a_setting_of_either_store(tmp_path):
    settings = StoreSettings.from_env(
        {"CARDROOM_DB": str(tmp_path / "db"), "CARDROOM_COMMIT_MS": "2.5"}
    )
    assert StoreSettings.from_env({}).commit_ms == 10.0
    store = open_store(settings)
    try:
        assert store.rooms.spacing == 0.0025
    finally:
        await store.close()
    # Redis's batches of appends (no connection is made until a command is sent)
    on_redis = StoreSettings.from_env(
        {"REDIS_URL": "redis://127.0.0.1:6379/0", "CARDROOM_COMMIT_MS": "2.5"}
    )
    store = open_store(on_redis)
    try:
        assert store.rooms._appends.spacing == 0.0025
    finally:
        await store.close()
    for bad in ("-1", "1001", "soon", "nan", ""):
        with pytest.raises(ValueError, match="CARDROOM_COMMIT_MS"):
            StoreSettings.from_env({"CARDROOM_COMMIT_MS": bad})


def test_a_node_id_is_letters_digits_dots_dashes_and_underscores():
    """A node's lives are named ``node/life``: a "/" in the node's id would make a life's
    name read as another node's. Such an id stops the node at start-up, saying why."""
    assert Config.from_env({"CARDROOM_NODE_ID": "node-1.eu_west"}).node_id == "node-1.eu_west"
    assert len(Config.from_env({}).node_id) == 8  # drawn at random
    for bad in ("a/b", "node/1", "a b", "n:1", "x" * 65, "nødé"):
        with pytest.raises(ValueError, match="CARDROOM_NODE_ID"):
            Config.from_env({"CARDROOM_NODE_ID": bad})


def test_a_node_with_a_bad_setting_does_not_start_and_says_why():
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "CARDROOM_NODE_ID": "a/b"}
    run = subprocess.run(
        [sys.executable, "-m", "server"],
        env=env,
        cwd=ROOT,
        capture_output=True,
        timeout=60,
        text=True,
    )
    assert run.returncode != 0
    assert "CARDROOM_NODE_ID" in run.stderr and "Traceback" not in run.stderr


def test_the_paired_join_period_is_a_setting():
    assert Config.from_env({}).paired_join_seconds == 5.0
    assert Config.from_env({"CARDROOM_PAIRED_JOIN_SECONDS": "1.5"}).paired_join_seconds == 1.5


def test_deflate_is_offered_unless_it_is_turned_off():
    assert Config.from_env({}).deflate
    for word, on in (("off", False), ("OFF", False), ("0", False), ("on", True), ("yes", True)):
        assert Config.from_env({"CARDROOM_DEFLATE": word}).deflate is on
    for bad in ("", "sometimes", "2"):
        with pytest.raises(ValueError, match="CARDROOM_DEFLATE"):
            Config.from_env({"CARDROOM_DEFLATE": bad})
