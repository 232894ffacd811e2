#ifndef NOODLE_CDBUS_SHIM_H
#define NOODLE_CDBUS_SHIM_H

#include <dbus/dbus.h>

// Type codes are cast character literals (`((int) 's')`), which Swift does not import.
static const int noodle_dbus_type_invalid = DBUS_TYPE_INVALID;
static const int noodle_dbus_type_byte = DBUS_TYPE_BYTE;
static const int noodle_dbus_type_int32 = DBUS_TYPE_INT32;
static const int noodle_dbus_type_uint32 = DBUS_TYPE_UINT32;
static const int noodle_dbus_type_string = DBUS_TYPE_STRING;
static const int noodle_dbus_type_array = DBUS_TYPE_ARRAY;
static const int noodle_dbus_type_variant = DBUS_TYPE_VARIANT;
static const int noodle_dbus_type_dict_entry = DBUS_TYPE_DICT_ENTRY;

#endif
