"""Structured logs: one JSON object per line on stderr.

Log lines carry room ids, seats and action types; they never carry a hidden card (a stock
draw is logged without its card) and are never sent to clients.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from typing import Any

logger = logging.getLogger("cardroom")


class JsonFormatter(logging.Formatter):
    """Every line one JSON object: the server's own events (with their fields) and
    uvicorn's (its access lines as ``http`` events with the request's parts)."""

    def format(self, record: logging.LogRecord) -> str:
        data: dict[str, Any] = {
            "ts": round(record.created, 3),
            "level": record.levelname.lower(),
            "event": record.getMessage(),
        }
        args = record.args
        if record.name == "uvicorn.access" and isinstance(args, tuple) and len(args) == 5:
            client, method, path, _, status = args
            data.update(event="http", client=client, method=method, path=path, status=status)
        elif record.name.startswith("uvicorn"):
            data["source"] = record.name
        data.update(getattr(record, "fields", {}))
        if record.exc_info:
            data["error"] = self.formatException(record.exc_info)
        return json.dumps(data, default=str)


def setup(level: str = "INFO") -> None:
    if any(isinstance(h.formatter, JsonFormatter) for h in logger.handlers):
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    logger.addHandler(handler)
    logger.setLevel(level)
    logger.propagate = False


def log(event: str, level: int = logging.INFO, **fields: Any) -> None:
    if logger.isEnabledFor(level):
        logger.log(level, event, extra={"fields": fields})


def now_ms() -> int:
    return int(time.time() * 1000)


def uvicorn_config(level: str = "info") -> dict[str, Any]:
    """uvicorn's logging (``log_config``) in the same JSON lines as the server's own, on
    the same stream: one format for every line."""
    handler = {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr"}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": JsonFormatter}},
        "handlers": {"json": handler},
        "loggers": {
            name: {"handlers": ["json"], "level": level.upper(), "propagate": False}
            for name in ("uvicorn", "uvicorn.error", "uvicorn.access")
        },
    }
