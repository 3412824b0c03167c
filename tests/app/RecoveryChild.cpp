// A second process for the SIGTERM recovery test: the real session, editor and recovery classes of the
// window, with unsaved edits, waiting in the event loop for a signal.
//   recovery_child DB [GPU]   opens DB, changes GPU's notes (l4_24gb), adds a GPU, deletes a10_24gb,
//                             prints "ready"

#include "app/window/CatalogueRecovery.h"
#include "app/window/CatalogueSession.h"
#include "app/window/TerminationGuard.h"
#include "app/window/UserPrompt.h"
#include "widgets/catalogue/CatalogueEditor.h"

#include <QApplication>
#include <cstdio>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    if (argc != 2 && argc != 3)
        return 2;
    const QString edited = argc == 3 ? QString::fromLocal8Bit(argv[2]) : QStringLiteral("l4_24gb");
    CatalogueSession session;
    if (!session.open(QString::fromLocal8Bit(argv[1])))
        return 3;
    UserPrompt prompt(nullptr);
    CatalogueRecovery recovery(&session, nullptr, &prompt);
    TerminationGuard guard;
    recovery.watch(&guard);

    CatalogueEditor *editor = session.editor();
    const SpecTableModel *model = session.specModel();
    if (!editor->setValue(model->session()->rowOf(edited), GpuField::Notes,
                          QStringLiteral("typed before logout")) ||
        editor->addNewGpu() < 0 || !editor->deleteGpus({model->session()->rowOf(QStringLiteral("a10_24gb"))}))
        return 4;
    std::puts("ready");
    std::fflush(stdout);
    const int exitCode = QApplication::exec();
    recovery.windowClosed(); // as main.cpp does: the file SIGTERM wrote stays
    return exitCode;
}
