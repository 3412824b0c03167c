#pragma once

#include <QString>
#include <QStringList>
#include <QTranslator>

// Which language the window speaks, and the translators that make it so. The choice is the user's
// setting ("en", "zh_CN") or, when that is empty ("system default"), the first supported language
// in the system's UI languages (LANGUAGE, LC_ALL, LC_MESSAGES, LANG). The command line installs none
// of this and stays English.
class LanguageChoice
{
public:
    LanguageChoice() = default;
    ~LanguageChoice();
    LanguageChoice(const LanguageChoice &) = delete;
    LanguageChoice &operator=(const LanguageChoice &) = delete;

    // The languages the interface is translated into, as settings values; English first.
    static QStringList supportedLanguages();
    // The language to use: the setting if it names a supported language, else the first supported
    // match in uiLanguages (QLocale::uiLanguages() form: "zh-CN", "en-US"), else English.
    static QString resolve(const QString &setting, const QStringList &uiLanguages);
    // Folders searched for gpucompare_<language>.qm: next to the executable as installed
    // (../share/gpucompare/translations, which the build tree mirrors), then the XDG data folders.
    static QStringList translationDirectories();

    // Loads and installs the application's and Qt's own translations for language on the running
    // application, replacing what an earlier call installed. False if the application's file is not
    // found (the window then shows the English source text).
    bool install(const QString &language, const QStringList &directories = translationDirectories());
    void uninstall();
    QString installedLanguage() const { return m_language; }

private:
    QTranslator m_app;
    QTranslator m_qt;
    bool m_appInstalled = false;
    bool m_qtInstalled = false;
    QString m_language;
};
