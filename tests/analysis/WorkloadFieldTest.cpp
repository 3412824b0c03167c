#include "app/analysis/WorkloadField.h"

#include <QSet>
#include <gtest/gtest.h>

namespace {

constexpr int kFieldCount = int(WorkloadField::Bf16Layers) + 1; // the enum's last

} // namespace

// The table is the one place a field is described: every field has exactly one row, and no two rows share
// a key, an option or a JSON key.
TEST(WorkloadFieldTable, EveryFieldHasOneRowWithItsOwnNames)
{
    const QVector<WorkloadFieldSpec> &rows = WorkloadFields::all();
    ASSERT_EQ(rows.size(), kFieldCount);
    QSet<int> fields;
    QSet<QString> keys, options, jsonKeys;
    for (const WorkloadFieldSpec &row : rows) {
        fields.insert(int(row.field));
        keys.insert(QString::fromUtf16(row.key));
        options.insert(QString::fromUtf16(row.option));
        jsonKeys.insert(QString::fromUtf16(row.jsonKey));
        EXPECT_NE(row.help, nullptr);
        EXPECT_FALSE(WorkloadFields::help(row.field).isEmpty());
        EXPECT_FALSE(WorkloadFields::valueName(row.field).isEmpty());
        EXPECT_EQ(WorkloadFields::fromKey(QString::fromUtf16(row.key)), row.field);
        EXPECT_LE(row.range.minimum, row.range.maximum);
    }
    EXPECT_EQ(fields.size(), kFieldCount);
    EXPECT_EQ(keys.size(), kFieldCount);
    EXPECT_EQ(options.size(), kFieldCount);
    EXPECT_EQ(jsonKeys.size(), kFieldCount);
}

TEST(WorkloadFieldTable, ReadsAsTheCommandLineAndTheScenarioFileDo)
{
    EXPECT_EQ(WorkloadFields::option(WorkloadField::KvPrecision), QStringLiteral("kv-precision"));
    EXPECT_EQ(WorkloadFields::jsonKey(WorkloadField::KvPrecision), QStringLiteral("kv_precision"));
    EXPECT_EQ(WorkloadFields::key(WorkloadField::TtftP90), QStringLiteral("ttftP90Ms"));
    // An enumeration's value name and help list the names it takes.
    EXPECT_EQ(WorkloadFields::valueName(WorkloadField::Recompute), Recomputes::allNames().join(u'|'));
    EXPECT_TRUE(WorkloadFields::help(WorkloadField::Task).contains(QStringLiteral("qlora")));
    EXPECT_TRUE(WorkloadFields::range(WorkloadField::Gpus).allows(1));
    EXPECT_FALSE(WorkloadFields::range(WorkloadField::Gpus).allows(0));
    EXPECT_FALSE(WorkloadFields::range(WorkloadField::ContextParallel).allows(1025));
    // A latency target is bounded like a measured latency (issue 60): at most a day.
    EXPECT_FALSE(WorkloadFields::range(WorkloadField::TtftP90).allows(1e300));
    EXPECT_TRUE(WorkloadFields::range(WorkloadField::TtftP90).allows(86'400'000.0));
}
