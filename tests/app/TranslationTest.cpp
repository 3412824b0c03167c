// The window in Simplified Chinese: nothing left in English, the language chosen by setting and
// system locale, the Preferences dialog.

#include "app/window/AppSettings.h"
#include "app/window/LanguageChoice.h"
#include "app/window/PreferencesDialog.h"
#include "db/CatalogueSnapshot.h"
#include "tests/app/UntranslatedText.h"
#include "tests/app/WindowFixture.h"
#include "widgets/charts/ChartsPanel.h"
#include "widgets/compare/ComparisonTable.h"
#include "widgets/compare/MathPanel.h"

#include <QComboBox>
#include <QLabel>
#include <QMenuBar>
#include <QSpinBox>
#include <QTableView>

namespace {

const QString kTranslations = QStringLiteral(GPUCOMPARE_BUILD_TRANSLATIONS_DIR);

QString fileMenuTitle(const MainWindow &window)
{
    const QList<QAction *> menus = window.menuBar()->actions();
    return menus.isEmpty() ? QString() : menus.first()->text();
}

// A window opened after the translator for language is installed, as main() does.
class TranslatedWindow : public WindowFixture
{
protected:
    void openIn(const QString &language)
    {
        m_window.reset();
        ASSERT_TRUE(m_language.install(language, {kTranslations}))
            << "no gpucompare_" << language.toStdString() << ".qm in " << kTranslations.toStdString();
        openWindow();
    }

    // Shows every chart, the math of every table row, and collects the whole window.
    void collectEverything(UntranslatedText &checker)
    {
        settle();
        ChartsPanel *charts = m_window->chartsPanel();
        auto *chooser = charts->findChild<QComboBox *>();
        ASSERT_NE(chooser, nullptr);
        for (int i = 0; i < chooser->count(); ++i) {
            chooser->setCurrentIndex(i);
            checker.collectWidgetTree(charts);
        }
        ComparisonTable *table = m_window->comparisonTable();
        for (const ComparisonRow &row : table->comparison().rows)
            for (int column = 0; column < table->comparison().columnTitles.size(); ++column)
                if (table->selectCell(row.id, column))
                    checker.collectWidgetTree(m_window->mathPanel());
        checker.collectWidgetTree(m_window.get());
    }

    void TearDown() override
    {
        m_window.reset();
        m_language.uninstall();
    }

    LanguageChoice m_language;
};

} // namespace

TEST_F(TranslatedWindow, NoUserVisibleStringEscapesTranslation)
{
    openIn(QStringLiteral("zh_CN"));
    UntranslatedText checker(m_session->snapshot());
    collectEverything(checker);
    // The training side: its rows, verdict reasons, charts and math.
    auto *task = m_window->findChild<QComboBox *>(QStringLiteral("task"));
    ASSERT_NE(task, nullptr);
    task->setCurrentIndex(task->findData(QStringLiteral("training")));
    // On 4 GPUs, so that it fits and the math shows the parallel terms and the links between GPUs.
    auto *gpus = m_window->findChild<QSpinBox *>(QStringLiteral("gpus"));
    ASSERT_NE(gpus, nullptr);
    gpus->setValue(4);
    collectEverything(checker);

    EXPECT_GT(checker.stringsChecked(), 1000); // the walk reached the window's parts
    EXPECT_TRUE(checker.findings().isEmpty()) << checker.findings().size() << " strings left in English:\n"
                                              << checker.report().toStdString();
}

TEST_F(TranslatedWindow, TheCheckerReportsAnUntranslatedLabelWithItsPlace)
{
    openIn(QStringLiteral("zh_CN"));
    auto *label = new QLabel(QStringLiteral("Untranslated words"), m_window->mathPanel());
    label->setObjectName(QStringLiteral("strayLabel"));
    UntranslatedText checker(m_session->snapshot());
    checker.collectWidgetTree(m_window.get());

    ASSERT_EQ(checker.findings().size(), 1) << checker.report().toStdString();
    const UntranslatedText::Finding &finding = checker.findings().constFirst();
    EXPECT_TRUE(finding.where.endsWith(QStringLiteral("QLabel#strayLabel"))) << finding.where.toStdString();
    EXPECT_EQ(finding.words, (QStringList{QStringLiteral("Untranslated"), QStringLiteral("words")}));
}

TEST(UntranslatedTextTest, AllowsUnitsAcronymsNumbersAndCatalogueNamesOnly)
{
    CatalogueSnapshot catalogue;
    GpuSpec gpu;
    gpu.vendor = QStringLiteral("NVIDIA");
    gpu.product = QStringLiteral("H100");
    gpu.variant = QStringLiteral("SXM5 80GB");
    gpu.notes = QStringLiteral("Hopper flagship");
    catalogue.gpus << gpu;
    const UntranslatedText checker(catalogue);
    EXPECT_TRUE(
        checker.englishWords(QStringLiteral("显存 80 GB，FP16 稠密 989.4 TFLOPS，tp x pp")).isEmpty());
    EXPECT_TRUE(checker.englishWords(QStringLiteral("备注：Hopper flagship")).isEmpty());
    EXPECT_EQ(checker.englishWords(QStringLiteral("显存 per GPU")), QStringList{QStringLiteral("per")});
    EXPECT_EQ(checker.englishWords(QStringLiteral("Hopper 架构")), QStringList{QStringLiteral("Hopper")})
        << "a word of catalogue text is allowed only as part of the whole text";
}

TEST_F(TranslatedWindow, TheSettingChoosesTheLanguageOverTheSystemLocale)
{
    // Chinese system, no setting: Chinese.
    EXPECT_EQ(LanguageChoice::resolve(QString(), {QStringLiteral("zh-CN"), QStringLiteral("en-US")}),
              QStringLiteral("zh_CN"));
    // The setting wins over the system locale, both ways.
    EXPECT_EQ(LanguageChoice::resolve(QStringLiteral("en"), {QStringLiteral("zh-CN")}), QStringLiteral("en"));
    EXPECT_EQ(LanguageChoice::resolve(QStringLiteral("zh_CN"), {QStringLiteral("en-US")}),
              QStringLiteral("zh_CN"));

    AppSettings().setLanguage(QStringLiteral("zh_CN"));
    openIn(LanguageChoice::resolve(AppSettings().language(), {QStringLiteral("en-US")}));
    EXPECT_EQ(fileMenuTitle(*m_window), QStringLiteral("文件(&F)"));
    EXPECT_EQ(m_window->windowTitle(), QStringLiteral("GPU Compare"));

    AppSettings().setLanguage(QStringLiteral("en"));
    openIn(LanguageChoice::resolve(AppSettings().language(), {QStringLiteral("zh-CN")}));
    EXPECT_EQ(fileMenuTitle(*m_window), QStringLiteral("&File"));
}

TEST_F(TranslatedWindow, TheSystemLocaleChoosesWhenThereIsNoSetting)
{
    const QLocale before;
    QLocale::setDefault(QLocale(QLocale::Chinese, QLocale::China));
    openIn(LanguageChoice::resolve(AppSettings().language(), QLocale().uiLanguages()));
    QLocale::setDefault(before);
    EXPECT_EQ(fileMenuTitle(*m_window), QStringLiteral("文件(&F)"));
}

TEST(LanguageChoiceTest, MatchesSimplifiedChineseAndFallsBackToEnglish)
{
    const QString zh = QStringLiteral("zh_CN");
    const QString en = QStringLiteral("en");
    EXPECT_EQ(LanguageChoice::resolve(QString(), {QStringLiteral("zh-Hans-CN")}), zh);
    EXPECT_EQ(LanguageChoice::resolve(QString(), {QStringLiteral("zh")}), zh);
    EXPECT_EQ(LanguageChoice::resolve(QString(), {QStringLiteral("zh_CN")}), zh);
    // Traditional Chinese readers get English rather than a script they did not ask for.
    EXPECT_EQ(LanguageChoice::resolve(QString(), {QStringLiteral("zh-TW")}), en);
    // The first supported language in the list wins.
    EXPECT_EQ(LanguageChoice::resolve(QString(), {QStringLiteral("fr-FR"), QStringLiteral("zh-CN")}), zh);
    EXPECT_EQ(LanguageChoice::resolve(QString(), {QStringLiteral("fr-FR")}), en);
    EXPECT_EQ(LanguageChoice::resolve(QStringLiteral("klingon"), {}), en);
}

TEST(LanguageChoiceTest, EnglishPluralsComeFromTheEnglishFile)
{
    LanguageChoice language;
    ASSERT_TRUE(language.install(QStringLiteral("en"), {kTranslations}));
    EXPECT_EQ(QCoreApplication::translate("MeasuredEstimates", "%n user(s)", nullptr, 1),
              QStringLiteral("1 user"));
    EXPECT_EQ(QCoreApplication::translate("MeasuredEstimates", "%n user(s)", nullptr, 4),
              QStringLiteral("4 users"));
    language.uninstall();
    // No translator (the command line): the source text.
    EXPECT_EQ(
        QCoreApplication::translate("VerdictRules", "fits: %1 GB of %2 GB per GPU on %n GPU(s)", nullptr, 2),
        QStringLiteral("fits: %1 GB of %2 GB per GPU on 2 GPU(s)"));
}

TEST_F(WindowFixture, PreferencesSaveTheLanguageAndSayWhenItTakesEffect)
{
    PreferencesDialog dialog(m_window.get());
    auto *combo = dialog.findChild<QComboBox *>(QStringLiteral("languageCombo"));
    ASSERT_NE(combo, nullptr);
    EXPECT_EQ(combo->currentIndex(), 0); // system default
    QStringList items;
    for (int i = 0; i < combo->count(); ++i)
        items << combo->itemText(i);
    EXPECT_TRUE(items.contains(QStringLiteral("简体中文")));
    EXPECT_TRUE(items.contains(QStringLiteral("English")));
    EXPECT_TRUE(dialog.findChild<QLabel *>(QStringLiteral("restartNote"))
                    ->text()
                    .contains(QStringLiteral("restart")));

    dialog.setLanguage(QStringLiteral("zh_CN"));
    EXPECT_TRUE(dialog.save());
    EXPECT_EQ(AppSettings().language(), QStringLiteral("zh_CN"));
    PreferencesDialog again(m_window.get());
    EXPECT_EQ(again.language(), QStringLiteral("zh_CN"));
    EXPECT_FALSE(again.save()); // unchanged
    again.setLanguage(QString());
    again.save();
    EXPECT_TRUE(AppSettings().language().isEmpty());
}
