// The translation sources: Simplified Chinese complete and consistent with its English source, and
// both .ts files current with the code (lupdate finds nothing new).

#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <gtest/gtest.h>

namespace {

const QString kSourceDir = QStringLiteral(GPUCOMPARE_SOURCE_DIR);

struct TsMessage
{
    QString context;
    QString source;
    bool numerus = false;
    QString type;             // "unfinished", "vanished", "obsolete" or empty
    QStringList translations; // one per numerus form, else one
};

QVector<TsMessage> readTs(const QString &path)
{
    QVector<TsMessage> messages;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return messages;
    QXmlStreamReader xml(&file);
    QString context;
    TsMessage message;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == u"name") {
            context = xml.readElementText();
        } else if (name == u"message") {
            message =
                TsMessage{context, {}, xml.attributes().value(QLatin1String("numerus")) == u"yes", {}, {}};
        } else if (name == u"source") {
            message.source = xml.readElementText();
        } else if (name == u"translation") {
            message.type = xml.attributes().value(QLatin1String("type")).toString();
            if (message.numerus) {
                while (xml.readNextStartElement())
                    message.translations << xml.readElementText();
            } else {
                message.translations << xml.readElementText();
            }
            messages << message;
        }
    }
    EXPECT_FALSE(xml.hasError()) << path.toStdString() << ": " << xml.errorString().toStdString();
    return messages;
}

QStringList placeholders(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("%(\\d+|n)"));
    QStringList found;
    for (auto it = pattern.globalMatch(text); it.hasNext();)
        found << it.next().captured();
    found.sort();
    found.removeDuplicates();
    return found;
}

// The keyboard mnemonics: "&File" has one; "&&", "&nbsp;" and "&#9698;" are not mnemonics.
int mnemonics(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("&(?!&)(?![#A-Za-z0-9]+;)(?=\\S)"));
    QString withoutEscapes = text;
    withoutEscapes.remove(QStringLiteral("&&"));
    return int(withoutEscapes.count(pattern));
}

QString tsPath(const QString &language)
{
    return kSourceDir + QStringLiteral("/resources/translations/gpucompare_") + language +
           QStringLiteral(".ts");
}

} // namespace

TEST(TsFilesTest, ChineseTranslatesEveryMessageWithTheSamePlaceholdersAndMnemonics)
{
    const QVector<TsMessage> messages = readTs(tsPath(QStringLiteral("zh_CN")));
    ASSERT_GT(messages.size(), 500);
    for (const TsMessage &m : messages) {
        const std::string where = QString(m.context + QStringLiteral(": ") + m.source).toStdString();
        EXPECT_TRUE(m.type.isEmpty()) << where << " is " << m.type.toStdString();
        ASSERT_EQ(m.translations.size(), 1) << where << " (Chinese has one plural form)";
        const QString &translation = m.translations.first();
        EXPECT_FALSE(translation.trimmed().isEmpty()) << where;
        EXPECT_EQ(placeholders(translation), placeholders(m.source))
            << where << " -> " << translation.toStdString();
        EXPECT_EQ(mnemonics(translation), mnemonics(m.source))
            << where << " -> " << translation.toStdString();
        if (mnemonics(m.source) == 1 && !m.source.contains(u'<')) {
            // Chinese convention: the letter in parentheses after the text, "文件(&F)".
            static const QRegularExpression chinese(QStringLiteral("\\(&[A-Z0-9]\\)"));
            EXPECT_TRUE(translation.contains(chinese)) << where << " -> " << translation.toStdString();
        }
    }
}

TEST(TsFilesTest, EnglishGivesBothPluralFormsOfEveryCount)
{
    const QVector<TsMessage> messages = readTs(tsPath(QStringLiteral("en")));
    ASSERT_FALSE(messages.isEmpty());
    for (const TsMessage &m : messages) {
        const std::string where = QString(m.context + QStringLiteral(": ") + m.source).toStdString();
        EXPECT_TRUE(m.numerus) << where << " (the English file holds plural forms only)";
        EXPECT_TRUE(m.type.isEmpty()) << where << " is " << m.type.toStdString();
        ASSERT_EQ(m.translations.size(), 2) << where;
        for (const QString &form : m.translations)
            EXPECT_EQ(placeholders(form), placeholders(m.source)) << where << " -> " << form.toStdString();
        EXPECT_NE(m.translations.at(0), m.translations.at(1)) << where;
    }
}

TEST(TsFilesTest, LupdateFindsNothingNewInTheSources)
{
    const QString lupdate = QStringLiteral(GPUCOMPARE_LUPDATE);
    if (!QFileInfo(lupdate).isExecutable())
        GTEST_SKIP() << "lupdate not found at " << lupdate.toStdString();
    QStringList sources;
    for (const char *folder :
         {"db", "app/analysis", "app/comparison", "app/report", "app/scenario", "app/window", "widgets"}) {
        QDirIterator it(kSourceDir + u'/' + QString::fromLatin1(folder),
                        {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString file = it.next();
            if (!file.contains(QStringLiteral("/calibration/")))
                sources << file;
        }
    }
    ASSERT_GT(sources.size(), 50);
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString copy = dir.filePath(QStringLiteral("gpucompare_zh_CN.ts"));
    ASSERT_TRUE(QFile::copy(tsPath(QStringLiteral("zh_CN")), copy));
    QProcess process;
    process.start(lupdate, QStringList{QStringLiteral("-no-obsolete"), QStringLiteral("-locations"),
                                       QStringLiteral("none")} +
                               sources + QStringList{QStringLiteral("-ts"), copy});
    ASSERT_TRUE(process.waitForFinished(120000)) << process.errorString().toStdString();
    ASSERT_EQ(process.exitCode(), 0) << process.readAllStandardError().toStdString();

    const QVector<TsMessage> before = readTs(tsPath(QStringLiteral("zh_CN")));
    const QVector<TsMessage> after = readTs(copy);
    QStringList added;
    for (const TsMessage &m : after)
        if (!m.type.isEmpty())
            added << m.context + QStringLiteral(": ") + m.source;
    EXPECT_TRUE(added.isEmpty()) << "strings not in the .ts file yet (run the update_translations target):\n"
                                 << added.join(u'\n').toStdString();
    EXPECT_EQ(after.size(), before.size()) << "the .ts file holds messages the code no longer has";
}
