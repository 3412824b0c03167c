#include "app/scenario/WorkloadRequestJson.h"

#include "app/analysis/WorkloadField.h"

#include <QCoreApplication>
#include <QJsonValue>
#include <algorithm>
#include <cmath>
#include <type_traits>

namespace {

// Every request member with its key: the field table's, and the config.json a model may be read from
// instead of a preset (an option of its own, no field). A member cannot be written and forgotten on reading.
struct Entry
{
    QString key;
    WorkloadMember member;
};

const QVector<Entry> &entries()
{
    static const QVector<Entry> list = [] {
        QVector<Entry> all{{QStringLiteral("model_config"), &WorkloadRequest::modelConfigPath}};
        for (const WorkloadFieldSpec &row : WorkloadFields::all())
            all.append({QString::fromUtf16(row.jsonKey), row.member});
        return all;
    }();
    return list;
}

struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(WorkloadRequestJson)
};

// How a JSON value reads in a message: text quoted, anything else as JSON writes it.
QString shown(const QJsonValue &value)
{
    if (value.isString())
        return u'"' + value.toString() + u'"';
    if (value.isDouble())
        return QString::number(value.toDouble());
    if (value.isBool())
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    return value.isNull() ? QStringLiteral("null") : Messages::tr("a list or an object");
}

template <typename T> QJsonValue toValue(const T &value)
{
    if constexpr (std::is_same_v<T, int> || std::is_same_v<T, double> || std::is_same_v<T, QString>)
        return value;
    else
        return WorkloadFields::nameOf(value);
}

// The value of key as a T; nullopt and *error naming the key and what it needs when it is not one.
template <typename T> std::optional<T> fromValue(const QJsonValue &value, const QString &key, QString *error)
{
    if constexpr (std::is_same_v<T, int>) {
        const double number = value.toDouble(0.5);
        if (value.isDouble() && number == std::floor(number) && std::abs(number) <= 2147483647.0)
            return static_cast<int>(number);
        *error = Messages::tr("workload.%1: %2 is not a whole number").arg(key, shown(value));
    } else if constexpr (std::is_same_v<T, double>) {
        if (value.isDouble())
            return value.toDouble();
        *error = Messages::tr("workload.%1: %2 is not a number").arg(key, shown(value));
    } else if constexpr (std::is_same_v<T, QString>) {
        if (value.isString())
            return value.toString();
        *error = Messages::tr("workload.%1: %2 is not text").arg(key, shown(value));
    } else {
        if (value.isString())
            if (const std::optional<T> parsed = WorkloadFields::parseName<T>(value.toString()))
                return parsed;
        *error = Messages::tr("workload.%1: %2 is not one of the names it takes").arg(key, shown(value));
    }
    return std::nullopt;
}

} // namespace

namespace WorkloadRequestJson {

QJsonObject toJson(const WorkloadRequest &request)
{
    QJsonObject object;
    for (const Entry &entry : entries())
        std::visit(
            [&](auto member) {
                if ((request.*member).has_value())
                    object.insert(entry.key, toValue(*(request.*member)));
            },
            entry.member);
    return object;
}

std::optional<WorkloadRequest> fromJson(const QJsonObject &object, QString *error)
{
    QString problem;
    WorkloadRequest request;
    for (auto it = object.begin(); it != object.end() && problem.isEmpty(); ++it) {
        const auto entry = std::find_if(entries().begin(), entries().end(),
                                        [&](const Entry &e) { return e.key == it.key(); });
        if (entry == entries().end()) {
            problem = Messages::tr("workload.%1: not a value of a workload").arg(it.key());
            break;
        }
        std::visit(
            [&](auto member) {
                using T = typename WorkloadFields::MemberType<decltype(member)>::type;
                request.*member = fromValue<T>(it.value(), it.key(), &problem);
            },
            entry->member);
    }
    if (!problem.isEmpty()) {
        if (error)
            *error = problem;
        return std::nullopt;
    }
    return request;
}

QString keyOf(WorkloadField field)
{
    return WorkloadFields::jsonKey(field);
}

} // namespace WorkloadRequestJson
