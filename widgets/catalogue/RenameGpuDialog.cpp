#include "widgets/catalogue/RenameGpuDialog.h"

#include "widgets/common/ThemeColors.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

RenameGpuDialog::RenameGpuDialog(const QString &currentId, const QString &gpuName,
                                 std::function<QString(const QString &)> check, QWidget *parent)
    : QDialog(parent)
    , m_currentId(currentId)
    , m_check(std::move(check))
    , m_id(new QLineEdit(currentId))
    , m_problem(new QLabel)
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel))
{
    setObjectName(QStringLiteral("renameGpuDialog"));
    setWindowTitle(tr("Rename GPU"));
    m_id->setObjectName(QStringLiteral("newGpuId"));
    m_id->setAccessibleName(tr("New GPU id"));
    m_id->selectAll();
    m_problem->setObjectName(QStringLiteral("renameProblem"));
    m_problem->setWordWrap(true);
    m_problem->setTextFormat(Qt::PlainText);
    QPalette red = m_problem->palette();
    red.setColor(QPalette::WindowText, ThemeColors::error(palette()));
    m_problem->setPalette(red);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Rename"));

    auto *intro = new QLabel(tr("The id names %1 on the command line, in scenario files and in its "
                                "measurements. Its measurements and price move to the new id when you "
                                "save; scenarios and scripts that name the old id must be changed by hand.")
                                 .arg(gpuName));
    intro->setTextFormat(Qt::PlainText);
    intro->setWordWrap(true);
    auto *form = new QFormLayout;
    auto *current = new QLabel(currentId);
    current->setTextFormat(Qt::PlainText);
    form->addRow(tr("Current id:"), current);
    auto *label = new QLabel(tr("&New id:"));
    label->setBuddy(m_id);
    form->addRow(label, m_id);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);

    connect(m_id, &QLineEdit::textChanged, this, &RenameGpuDialog::recheck);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        if (canAccept())
            accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    recheck();
    resize(qMax(sizeHint().width(), 460), sizeHint().height());
}

QString RenameGpuDialog::newId() const
{
    return m_id->text().trimmed();
}

QString RenameGpuDialog::problem() const
{
    return m_problem->text();
}

bool RenameGpuDialog::canAccept() const
{
    return m_buttons->button(QDialogButtonBox::Ok)->isEnabled();
}

void RenameGpuDialog::recheck()
{
    // The same id is no rename, but not an error either: OK is just not offered.
    const QString id = newId();
    const QString problem = id == m_currentId ? QString() : m_check(id);
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty() && id != m_currentId);
}
