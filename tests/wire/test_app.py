from starlette.testclient import TestClient

from protocol import PROTOCOL_VERSION
from server.app import create_app
from server.store.embedded import EmbeddedStore


def test_health_reports_ok_and_protocol_version(tmp_path):
    with TestClient(create_app(EmbeddedStore(str(tmp_path / "db.sqlite3")))) as client:
        response = client.get("/health")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "protocol": PROTOCOL_VERSION}


def test_unknown_route_is_404(tmp_path):
    with TestClient(create_app(EmbeddedStore(str(tmp_path / "db.sqlite3")))) as client:
        assert client.get("/nope").status_code == 404
