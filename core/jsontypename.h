#pragma once
// The JSON type of a value in the words the readers' errors use ("a string", "an object", ...): one table for
// every reader that says what it found instead of what it expected (campaign definitions, ACVP vector files).

#include <QJsonValue>

namespace rs::core {

/** @brief "null", "a boolean", "a number", "a string", "an array", "an object"; `undefinedName` for a value
 *  that is not there. */
inline const char* jsonTypeName(const QJsonValue& v, const char* undefinedName = "nothing") {
    switch (v.type()) {
    case QJsonValue::Null:
        return "null";
    case QJsonValue::Bool:
        return "a boolean";
    case QJsonValue::Double:
        return "a number";
    case QJsonValue::String:
        return "a string";
    case QJsonValue::Array:
        return "an array";
    case QJsonValue::Object:
        return "an object";
    case QJsonValue::Undefined:
        break;
    }
    return undefinedName;
}

} // namespace rs::core
