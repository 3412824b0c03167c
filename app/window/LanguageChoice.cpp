#include "app/window/LanguageChoice.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QStandardPaths>

namespace {

const QString kEnglish = QStringLiteral("en");
const QString kChinese = QStringLiteral("zh_CN");

// "zh-CN", "zh_CN", "zh-Hans-CN", "zh" read Simplified Chinese; "zh-TW", "zh-HK", "zh-Hant" do not.
QString supportedMatch(const QString &uiLanguage)
{
    const QString tag = uiLanguage.toLower().replace(u'_', u'-');
    using L = QLatin1String;
    if (tag == L("zh") || tag.startsWith(L("zh-cn")) || tag.startsWith(L("zh-sg")) ||
        tag.startsWith(L("zh-hans")))
        return kChinese;
    if (tag == L("en") || tag.startsWith(L("en-")) || tag == L("c") || tag == L("posix"))
        return kEnglish;
    return {};
}

} // namespace

LanguageChoice::~LanguageChoice()
{
    uninstall();
}

QStringList LanguageChoice::supportedLanguages()
{
    return {kEnglish, kChinese};
}

QString LanguageChoice::resolve(const QString &setting, const QStringList &uiLanguages)
{
    if (supportedLanguages().contains(setting))
        return setting;
    for (const QString &language : uiLanguages) {
        const QString match = supportedMatch(language);
        if (!match.isEmpty())
            return match;
    }
    return kEnglish;
}

QStringList LanguageChoice::translationDirectories()
{
    QStringList directories;
    const QString appDir = QCoreApplication::applicationDirPath();
    if (!appDir.isEmpty())
        directories << QDir::cleanPath(appDir + u'/' + QStringLiteral(GPUCOMPARE_TRANSLATIONS_RELATIVE_DIR));
    for (const QString &data : QStandardPaths::standardLocations(QStandardPaths::GenericDataLocation))
        directories << QDir::cleanPath(data + QStringLiteral("/gpucompare/translations"));
    directories.removeDuplicates();
    return directories;
}

bool LanguageChoice::install(const QString &language, const QStringList &directories)
{
    uninstall();
    m_language = language;
    const QString appFile = QStringLiteral("gpucompare_") + language;
    for (const QString &directory : directories) {
        if (m_app.load(appFile, directory)) {
            m_appInstalled = QCoreApplication::installTranslator(&m_app);
            break;
        }
    }
    // Qt's own dialogs and buttons (qtbase_zh_CN.qm from qt6-translations-l10n), when present.
    if (language != kEnglish &&
        m_qt.load(QStringLiteral("qtbase_") + language, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        m_qtInstalled = QCoreApplication::installTranslator(&m_qt);
    return m_appInstalled;
}

void LanguageChoice::uninstall()
{
    if (m_appInstalled)
        QCoreApplication::removeTranslator(&m_app);
    if (m_qtInstalled)
        QCoreApplication::removeTranslator(&m_qt);
    m_appInstalled = m_qtInstalled = false;
    m_language.clear();
}
