#include "app/window/PreferencesDialog.h"

#include "app/window/AppSettings.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <algorithm>

PreferencesDialog::PreferencesDialog(QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("preferencesDialog"));
    setWindowTitle(tr("Preferences"));

    m_language = new QComboBox(this);
    m_language->setObjectName(QStringLiteral("languageCombo"));
    m_language->addItem(tr("System default"), QString());
    // Each language is named in its own language, so that a user who cannot read the current one
    // still finds theirs.
    m_language->addItem(QStringLiteral("English"), QStringLiteral("en"));
    m_language->addItem(QStringLiteral("简体中文"), QStringLiteral("zh_CN"));

    m_restartNote = new QLabel(tr("A new language takes effect when GPU Compare restarts."), this);
    m_restartNote->setObjectName(QStringLiteral("restartNote"));
    m_restartNote->setWordWrap(true);

    auto *form = new QFormLayout;
    form->addRow(tr("&Language:"), m_language);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_restartNote);
    layout->addStretch();
    layout->addWidget(buttons);

    // Wide enough for the note on one line in English and Chinese, rather than a word-wrapped sliver.
    setMinimumWidth(
        std::max(380, m_restartNote->fontMetrics().horizontalAdvance(m_restartNote->text()) + 40));

    m_initialLanguage = AppSettings().language();
    setLanguage(m_initialLanguage);
}

QString PreferencesDialog::language() const
{
    return m_language->currentData().toString();
}

void PreferencesDialog::setLanguage(const QString &language)
{
    const int index = m_language->findData(language);
    m_language->setCurrentIndex(index < 0 ? 0 : index);
}

bool PreferencesDialog::save() const
{
    AppSettings().setLanguage(language());
    return language() != m_initialLanguage;
}
