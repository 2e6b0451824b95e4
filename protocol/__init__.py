"""The wire format shared by the server, the Python client and the browser client.

Frames are MessagePack maps with a type field ``t``. The version below is negotiated on
connect; the message catalogue lives in ``protocol/README.md`` once the server speaks it.
"""

PROTOCOL_VERSION = 1
