"""Friends' presence: each player's friends see them offline, online or playing (with the room
to watch when it is public), kept current across nodes.

What a node keeps: for each player with sockets here, one entry in the store under this
node's life (:meth:`~server.store.friends.FriendStore.set_online`: how many sockets, whether
at a table, the table if public, whether hidden); and for the friends of those players, every
life's entries, as the store and the other nodes told it. What a player's friends see is
made from the entries of the lives alive now (:func:`visible`), so a dead node's entries stop
counting the moment membership takes it for dead, with no write by anyone.

Cost proportional to the change (there is no walk over everyone connected, anywhere):

* A player's entry here changes (a first socket, a table, the last socket gone after
  GRACE_SECONDS): one write of their entry, one read of their entries and of each friend's
  (one pipeline: O(friends), which is at most MAX_FRIENDS), and one event to each *node*
  holding an online friend (:meth:`~server.store.friends.FriendStore.tell`, that node's own
  channel): a friend offline costs nothing but its read, a node with no friend of theirs
  hears nothing. The node that hears it pushes one ``friend`` message to the sockets of the
  friends it holds, only when what they see changed.
* A player's sockets coming and going on a node where the player has others change nothing
  (the count is not shown); nor does a second node, unless the status shown changes.
* A node dying costs each other node a look at the friends it follows (in memory, no store
  read) whose entries name the dead life.
* A change of a friend list (a request, an answer, a block) costs one ``social`` event to
  each node holding one of the two players, which reloads that player's list.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable, Iterable
from typing import Any

from server.host.clock import REAL, Clock
from server.host.membership import node_of
from server.logs import log
from server.players import friends as rules
from server.services.connection import Connection
from server.store import Store, Unavailable

GRACE_SECONDS = 1.5
"""How long after a player's last socket on a node closes its entry there is taken away (a
reload of the page shows nothing to friends). Within the two seconds friends' screens follow
changes in."""
PLAYING_EVERY = 1.0
"""How often the tables of the players seated here are looked at (a match that ends turns
``playing`` back to ``online``): only those players', never every socket's."""
HIDE = "hidePresence"
"""The player setting (``player_update``'s ``settings``) that shows them offline to all."""

Entries = dict[str, dict[str, Any]]


def visible(entries: Entries, lives: set[str]) -> dict[str, Any]:
    """What friends see of a player from their entries (by life), counting live lives only:
    hidden on any of them is offline everywhere; a public table gives its room to watch (a
    private room's id is never in an entry)."""
    states = [state for life, state in entries.items() if life in lives and state.get("n")]
    if not states or any(state.get("hidden") for state in states):
        return {"status": "offline", "watch": None}
    tables = [state for state in states if state.get("playing")]
    if not tables:
        return {"status": "online", "watch": None}
    watch = next((state["room"] for state in tables if state.get("room")), None)
    return {"status": "playing", "watch": watch}


def _shown(state: dict[str, Any]) -> tuple:
    """The part of an entry friends see (the count of sockets is not shown)."""
    return (state["playing"], state["room"], state["hidden"])


class Online:
    """Given the store, this node's ``life`` and the ``lives`` alive now, the signed-in
    sockets by player (``sessions``), ``table`` (a socket's seat at a room not finished:
    None, or whether it is being played and its id if public), a clock and ``spawn``."""

    def __init__(
        self,
        store: Store,
        life: str,
        lives: Callable[[], set[str]],
        sessions: dict[str, set[Connection]],
        table: Callable[[Connection], dict[str, Any] | None],
        clock: Clock = REAL,
        spawn: Callable[[Any], asyncio.Task] = asyncio.ensure_future,
    ) -> None:
        self.store = store
        self.life = life
        self.node = node_of(life)
        self.lives = lives
        self.sessions = sessions
        self.table = table
        self.clock = clock
        self.spawn = spawn
        self.mine: dict[str, dict[str, Any]] = {}  # player -> the entry written for them
        self.leaving: dict[str, Any] = {}  # player -> the timer of their grace
        self.expired: set[str] = set()  # players whose grace ran out, to leave
        self.untold: set[str] = set()  # players whose entry changed, their friends not yet told
        self.dirty: set[str] = set()
        self.running: dict[str, asyncio.Task] = {}
        self.friends_of: dict[str, set[str]] = {}  # player here -> their friends
        self.watchers: dict[str, set[str]] = {}  # friend -> the players here who follow them
        self.entries: dict[str, Entries] = {}  # friend -> their entries, by life
        self.taken: dict[str, int] = {}  # friend -> the number of the read entries came from
        self._reads = itertools.count(1)  # reads of entries, numbered as they begin
        self.shown: dict[str, dict[str, Any]] = {}  # friend -> what was pushed of them
        self.seated: set[str] = set()  # players here at a room not finished
        self.stale: set[str] = set()  # friends whose entries are to be read again
        self.reading: dict[str, asyncio.Task] = {}
        self.following: dict[str, asyncio.Event] = {}  # player -> set once their friends read
        self.records: dict[str, Any] = {}  # player followed -> the record followed
        self.unchecked: set[str] = set()  # first entry written, the record not read after it
        self._looking: Any = None

    # ---- this node's players --------------------------------------------------------------

    def touch(self, player: str) -> None:
        """The player's sockets here, or their tables, or their setting changed: their entry
        is brought up to date (one task per player at a time; touches meanwhile coalesce)."""
        self.dirty.add(player)
        if player not in self.running:
            self.running[player] = self.spawn(self._run(player))

    async def _run(self, player: str) -> None:
        try:
            while player in self.dirty:
                self.dirty.discard(player)
                try:
                    await self._sync(player)
                except Unavailable:
                    self.dirty.add(player)
                    await self.clock.sleep(0.5)
        finally:
            self.running.pop(player, None)

    def state(self, player: str) -> dict[str, Any] | None:
        """This node's entry for the player now (None: no socket here)."""
        conns = [c for c in self.sessions.get(player, ()) if not c.closed]
        if not conns:
            return None
        tables = [t for t in map(self.table, conns) if t is not None]
        playing = any(t["playing"] for t in tables)
        room = next((t["room"] for t in tables if t["playing"] and t["room"]), None)
        hidden = any(bool((c.player or {}).get("settings", {}).get(HIDE)) for c in conns)
        return {
            "n": len(conns),
            "playing": playing,
            "room": room,
            "hidden": hidden,
            "seated": bool(tables),
        }

    async def _sync(self, player: str) -> None:
        state = self.state(player)
        if state is None:
            if player in self.expired:
                await self._leave(player)
            elif player in self.mine:
                if player not in self.leaving:
                    self.leaving[player] = self.clock.call_later(GRACE_SECONDS, self._grace, player)
            else:  # followed, gone before anything was written: nobody here to show
                self._unfollow(player)
            return
        self.expired.discard(player)
        timer = self.leaving.pop(player, None)
        if timer is not None:
            timer.cancel()
        if player not in self.friends_of:
            await self._follow(player)
        if state["seated"]:  # its table may start or end without a request of theirs
            self.seated.add(player)
            self._look()
        else:
            self.seated.discard(player)
        was = self.mine.get(player)
        if was is not None and _shown(was) == _shown(state) and player not in self.untold:
            self.mine[player] = state  # only the count moved: friends see no change
            return
        # Taken as written before it is: a write whose answer is lost (Unavailable after
        # Redis applied it) may stand, and must go when the player does. Until the friends'
        # nodes are told, a step again writes it again and tells them.
        self.mine[player] = state
        self.untold.add(player)
        if was is None:
            self.unchecked.add(player)
        await self.store.friends.set_online(player, self.life, state)
        if player in self.unchecked:
            await self._recheck(player)
            self.unchecked.discard(player)
        await self._announce(player)
        self.untold.discard(player)

    async def _recheck(self, player: str) -> None:
        """The player's first entry here is written: a change of their list made before it
        was told to no node here (the node that made it found no entry of theirs to tell),
        so their record is read again now, after the write, and if it moved since it was
        followed, followed again and sent (:meth:`reload`). A change made after this read
        finds the entry, and its node tells this one."""
        if await self.store.friends.record(player) != self.records.get(player):
            await self.reload(player)

    def _grace(self, player: str) -> None:
        """The grace ran out: the player's entry goes if no socket came back meanwhile, in
        the player's one task (never beside a step of theirs that a socket back began)."""
        self.leaving.pop(player, None)
        self.expired.add(player)
        self.touch(player)

    async def _leave(self, player: str) -> None:
        """The player's last socket here closed GRACE_SECONDS ago: their entry goes, then
        their friends' nodes are told (the player stays expired until both are done: the
        store away in between, the step again does what is left; whom to tell is read from
        their record then, the follow being over)."""
        if player not in self.mine and player not in self.untold:
            self.expired.discard(player)
            return
        if player in self.mine:
            self.seated.discard(player)
            await self.store.friends.set_online(player, self.life, None)
            del self.mine[player]
            self.unchecked.discard(player)
            self.untold.add(player)
            # Not followed from here on, though the friends are not told yet, unless the
            # player is back: a list answered them from this follow, and this node must
            # go on showing them what changes (their entry written again, its read of their
            # friends' entries shows what came between). A list changed while no socket of
            # theirs was here ended the follow (:meth:`reload`): followed afresh on return.
            if player not in self.sessions:
                self._unfollow(player)
        await self._announce(player)
        self.untold.discard(player)
        self.expired.discard(player)

    async def _announce(self, player: str) -> None:
        """Tell the nodes of the player's online friends that the player's entries changed."""
        friends = sorted(self.friends_of.get(player) or await self._friends(player))
        number = next(self._reads)
        found = await self.store.friends.online(friends)
        event = {"k": "friend_presence", "player": player}
        # every node named, not only those known alive here: a node started a moment ago
        # is not yet (a dead one's channel has nobody listening: a message lost, no harm)
        nodes = {node_of(life) for theirs in found for life in theirs}
        # Read after this player's write: a friend who wrote theirs meanwhile and read ours
        # before it was written told nobody here; shown now all the same.
        for friend in self._keep(number, friends, found):
            self._show(friend)
        for node in sorted(nodes):
            if node == self.node:
                self.on_presence(event)
            else:
                await self.store.friends.tell(node, event)

    async def _friends(self, player: str) -> set[str]:
        return set(rules.of(await self.store.friends.record(player))["friends"])

    # ---- the friends this node's players follow ---------------------------------------

    async def _follow(self, player: str) -> None:
        """The player is here: follow their friends (their entries read once). What is shown
        of a friend first here is told to nobody: the player's list (:meth:`answer`) says it,
        and waits for this read to say the same."""
        done = self.following.setdefault(player, asyncio.Event())
        try:
            await self._take_list(player)
        finally:
            self.following.pop(player, None)
            done.set()

    async def _take_list(self, player: str) -> dict[str, Any] | None:
        """Read the player's record, follow their friends as it has them (those not
        followed here yet read once, :meth:`_first`); the record."""
        self.records[player] = record = await self.store.friends.record(player)
        friends = set(rules.of(record)["friends"])
        self._set_friends(player, friends)
        self._first(await self._read([f for f in friends if f not in self.entries]))
        return record

    def _set_friends(self, player: str, friends: set[str]) -> None:
        for gone in self.friends_of.get(player, set()) - friends:
            self._drop_watch(gone, player)
        self.friends_of[player] = friends
        for friend in friends:
            self.watchers.setdefault(friend, set()).add(player)

    def _drop_watch(self, friend: str, player: str) -> None:
        watchers = self.watchers.get(friend)
        if watchers is not None:
            watchers.discard(player)
            if not watchers:
                del self.watchers[friend]
                self.entries.pop(friend, None)
                self.taken.pop(friend, None)
                self.shown.pop(friend, None)

    def _unfollow(self, player: str) -> None:
        self.records.pop(player, None)
        for friend in self.friends_of.pop(player, set()):
            self._drop_watch(friend, player)

    async def _read(self, friends: list[str]) -> list[str]:
        """Read the friends' entries; those kept (:meth:`_keep`)."""
        number = next(self._reads)
        return self._keep(number, friends, await self.store.friends.online(friends))

    def _keep(self, number: int, friends: list[str], found: list[Entries]) -> list[str]:
        """Keep what read ``number`` found of each friend followed here, unless a read begun
        later was kept already: two reads may be answered in another order than they began
        (each on its own connection, a pipeline waiting for one), and the older answer, come
        last, would undo the newer and show a friend as they were, with no word to come
        that corrects it. The friends whose entries were kept."""
        kept = []
        for friend, theirs in zip(friends, found, strict=True):
            if friend in self.watchers and number > self.taken.get(friend, 0):
                self.entries[friend] = theirs
                self.taken[friend] = number
                kept.append(friend)
        return kept

    def on_presence(self, event: dict[str, Any]) -> None:
        """A ``friend_presence`` event: a player's entries changed, and players here follow
        them. Their entries are read again (not taken from the event: two events of two nodes
        may arrive in another order than their writes were made, and the read after the last
        event sees the last write), one read at a time per player, touches coalesced."""
        player = event["player"]
        if player in self.watchers:
            self.stale.add(player)
            if player not in self.reading:
                self.reading[player] = self.spawn(self._refresh(player))

    async def _refresh(self, player: str) -> None:
        try:
            while player in self.stale:
                self.stale.discard(player)
                try:
                    kept = await self._read([player])
                except Unavailable:  # read again in a moment: no other word may come
                    self.stale.add(player)
                    await self.clock.sleep(0.5)
                    continue
                for friend in kept:  # (none: a read begun later has been shown already)
                    self._show(friend)
        finally:
            self.reading.pop(player, None)

    def _first(self, friends: list[str]) -> None:
        """A read kept these friends' entries for a player's list: what shows of one first
        here is told to nobody (the list says it); one shown already (to other followers)
        is shown again, so that what this node shows and every list it gives agree."""
        lives = self.lives()
        for friend in friends:
            if friend in self.shown:
                self._show(friend)
            else:
                self.shown[friend] = visible(self.entries.get(friend, {}), lives)

    def _show(self, friend: str) -> None:
        """Push what ``friend``'s followers here see of them, if it changed (a friend no
        longer followed here keeps nothing: the next to follow them starts afresh)."""
        if friend not in self.watchers:
            return
        seen = visible(self.entries.get(friend, {}), self.lives())
        if self.shown.get(friend) == seen:
            return
        self.shown[friend] = seen
        for player in sorted(self.watchers.get(friend, ())):
            for conn in self.sessions.get(player, ()):
                conn.send({"t": "friend", "player": friend, **seen})

    def nodes_changed(self, gone: Iterable[str], came: Iterable[str]) -> None:
        """Lives died or came back: what shows of the friends with entries there."""
        changed = set(gone) | set(came)
        for friend, entries in list(self.entries.items()):
            if changed & entries.keys():
                self._show(friend)

    # ---- friend lists ----------------------------------------------------------------------

    async def lists_changed(self, players: Iterable[str]) -> None:
        """The friend lists of ``players`` changed: each node holding one of them reloads
        it (a ``social`` event)."""
        players = sorted(set(players))
        found = await self.store.friends.online(players)
        for player, entries in zip(players, found, strict=True):
            nodes = {node_of(life) for life in entries}  # as in _announce
            if player in self.sessions or player in self.friends_of:
                nodes.add(self.node)
            for node in sorted(nodes):
                event = {"k": "social", "player": player}
                if node == self.node:
                    await self.reload(player)
                else:
                    await self.store.friends.tell(node, event)

    async def tell_nodes(
        self, players: Iterable[str], event: dict[str, Any], here: Callable[[dict], None]
    ) -> None:
        """Hand ``event`` to ``here`` on this node and send it to every other node holding a
        socket of one of ``players`` (by their entries, as :meth:`lists_changed` finds them)."""
        found = await self.store.friends.online(sorted(set(players)))
        nodes = {node_of(life) for entries in found for life in entries} - {self.node}
        here(event)
        for node in sorted(nodes):
            await self.store.friends.tell(node, event)

    def on_social(self, event: dict[str, Any]) -> None:
        """A ``social`` event: a player here (or followed here, in their grace) has a new
        friend list."""
        if event["player"] in self.sessions or event["player"] in self.friends_of:
            self.spawn(self.reload(event["player"]))

    async def reload(self, player: str) -> None:
        """Follow the player's friends as their record has them now, and send the list (no
        socket of theirs here, in their grace: the follow ends, to begin afresh if they come
        back, and a list they ask then waits for it)."""
        if player not in self.sessions:
            self._unfollow(player)
            return
        record = await self._take_list(player)
        message = {"t": "friends", **self.listing(record)}
        for conn in self.sessions.get(player, ()):
            conn.send(message)

    def listing(
        self, record: dict[str, Any] | None, read: dict[str, Entries] | None = None
    ) -> dict[str, Any]:
        """A player's lists, their friends with what shows of each, online first (``read``:
        the entries of friends not followed here)."""
        shown = rules.listing(record)
        lives, read = self.lives(), read or {}
        for row in shown["friends"]:
            row.update(visible(self.entries.get(row["id"]) or read.get(row["id"], {}), lives))
        order = {"playing": 0, "online": 1, "offline": 2}
        shown["friends"].sort(key=lambda row: (order[row["status"]], row["name"], row["id"]))
        return shown

    async def answer(self, player: str, record: dict[str, Any] | None = None) -> dict[str, Any]:
        """The ``friends`` reply: ``record`` (as just written) or the stored one, with what
        shows of each friend (the entries of those not followed here read now). A player
        whose friends are being followed here is answered once they are: a list read before
        a friend's change and a follow read after it would show the change to nobody. So
        also when that follow failed (the store away; its step tries again later): the
        list follows them itself, or is refused as unavailable."""
        while player in self.sessions:
            following = self.following.get(player)
            if following is not None:  # (its friends are listed by then, not yet read)
                await following.wait()
            elif player in self.friends_of:
                break
            else:
                await self._follow(player)
        if record is None:
            record = await self.store.friends.record(player)
        missing = [f for f in rules.of(record)["friends"] if f not in self.entries]
        number = next(self._reads)
        found = await self.store.friends.online(missing)
        # followed here (a follow that could not read them): kept, and shown from now on
        self._first(self._keep(number, missing, found))
        return self.listing(record, dict(zip(missing, found, strict=True)))

    # ---- tables ------------------------------------------------------------------------------

    def _look(self) -> None:
        if self._looking is None:
            self._looking = self.clock.call_later(PLAYING_EVERY, self._tables)

    def _tables(self) -> None:
        """A match may have begun or ended: the seated players' entries again (written only
        if what shows of them changed)."""
        self._looking = None
        for player in sorted(self.seated):
            state, was = self.state(player), self.mine.get(player)
            if state is None or was is None or _shown(state) != _shown(was):
                self.touch(player)
        if self.seated:
            self._look()

    async def resync(self) -> None:
        """Events may have been lost: this node's entries written again, and the followed
        friends' read again."""
        try:
            for player, state in list(self.mine.items()):
                await self.store.friends.set_online(player, self.life, state)
            friends = sorted(self.watchers)
            await self._read(friends)
        except Unavailable:
            log("friends_resync_failed")
            return
        for friend in friends:
            self._show(friend)
