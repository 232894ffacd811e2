#!/usr/bin/python3
"""A stand-in for the desktop's notification server, for tests.

Implements org.freedesktop.Notifications on the bus named by DBUS_SESSION_BUS_ADDRESS and writes
every call, as one JSON line, to the log file given as the only argument. Tests play the person
at the desktop through org.noodle.TestControl:

    dbus-send --session --print-reply --dest=org.freedesktop.Notifications \
        /org/freedesktop/Notifications org.noodle.TestControl.Invoke uint32:1 string:stop

Invoke(u id, s key) emits ActionInvoked, Dismiss(u id) emits NotificationClosed with reason 2,
and Stall(d seconds) makes the server stop answering for that long, right after it replies.
Prints "ready" on stdout once it owns the name.
"""
import json
import sys
import time

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

NAME = "org.freedesktop.Notifications"
PATH = "/org/freedesktop/Notifications"
CONTROL = "org.noodle.TestControl"


class Server(dbus.service.Object):
    def __init__(self, bus, log):
        super().__init__(bus, PATH)
        self.log = log
        self.next_id = 1
        self.open = set()

    def record(self, **call):
        self.log.write(json.dumps(call, ensure_ascii=False) + "\n")
        self.log.flush()

    @dbus.service.method(NAME, in_signature="susssasa{sv}i", out_signature="u")
    def Notify(self, app_name, replaces_id, app_icon, summary, body, actions, hints, expire_timeout):
        if replaces_id:
            nid = int(replaces_id)
        else:
            nid = self.next_id
            self.next_id += 1
        self.open.add(nid)
        self.record(
            method="Notify", id=nid, app_name=str(app_name), replaces_id=int(replaces_id), app_icon=str(app_icon),
            summary=str(summary), body=str(body), actions=[str(a) for a in actions],
            urgency=int(hints["urgency"]) if "urgency" in hints else None,
            category=str(hints["category"]) if "category" in hints else None,
            sound_name=str(hints["sound-name"]) if "sound-name" in hints else None,
            desktop_entry=str(hints["desktop-entry"]) if "desktop-entry" in hints else None,
            # The D-Bus type each hint arrived as (Byte, String, ...): urgency must be a Byte.
            hint_types={str(k): type(v).__name__ for k, v in hints.items()},
            expire_timeout=int(expire_timeout),
        )
        return dbus.UInt32(nid)

    @dbus.service.method(NAME, in_signature="u", out_signature="")
    def CloseNotification(self, nid):
        self.record(method="CloseNotification", id=int(nid))
        if int(nid) in self.open:
            self.open.discard(int(nid))
            self.NotificationClosed(nid, dbus.UInt32(3))

    @dbus.service.method(NAME, in_signature="", out_signature="as")
    def GetCapabilities(self):
        self.record(method="GetCapabilities")
        return dbus.Array(["actions", "body", "persistence", "sound"], signature="s")

    @dbus.service.method(NAME, in_signature="", out_signature="ssss")
    def GetServerInformation(self):
        self.record(method="GetServerInformation")
        return ("noodle-test-server", "noodle", "1.0", "1.2")

    @dbus.service.signal(NAME, signature="us")
    def ActionInvoked(self, nid, key):
        pass

    @dbus.service.signal(NAME, signature="uu")
    def NotificationClosed(self, nid, reason):
        pass

    @dbus.service.method(CONTROL, in_signature="us", out_signature="")
    def Invoke(self, nid, key):
        self.record(method="Invoke", id=int(nid), key=str(key))
        self.ActionInvoked(nid, key)

    @dbus.service.method(CONTROL, in_signature="u", out_signature="")
    def Dismiss(self, nid):
        self.record(method="Dismiss", id=int(nid))
        self.open.discard(int(nid))
        self.NotificationClosed(nid, dbus.UInt32(2))

    @dbus.service.method(CONTROL, in_signature="d", out_signature="", async_callbacks=("reply", "error"))
    def Stall(self, seconds, reply, error):
        self.record(method="Stall", seconds=float(seconds))
        # The reply goes out first, so the caller knows that from now on nothing is answered.
        reply()
        self.connection.flush()
        time.sleep(float(seconds))

def main():
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    with open(sys.argv[1], "a", encoding="utf-8") as log:
        server = Server(bus, log)
        if bus.request_name(NAME, dbus.bus.NAME_FLAG_DO_NOT_QUEUE) != dbus.bus.REQUEST_NAME_REPLY_PRIMARY_OWNER:
            sys.exit("org.freedesktop.Notifications is already owned")
        print("ready", flush=True)
        GLib.MainLoop().run()


if __name__ == "__main__":
    main()
