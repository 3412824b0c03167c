// gpucompare: opens the window, or runs a headless command when one is given.

#include "app/ExitCodes.h"
#include "app/OutputPath.h"
#include "app/cli/CliCommand.h"
#include "app/cli/GlobalCommandLine.h"
#include "app/cli/TerminalSafeDevice.h"
#include "app/window/AppSettings.h"
#include "app/window/CatalogueOpener.h"
#include "app/window/CatalogueRecovery.h"
#include "app/window/CatalogueSession.h"
#include "app/window/FirstFrameGrabber.h"
#include "app/window/LanguageChoice.h"
#include "app/window/MainWindow.h"
#include "app/window/ScenarioController.h"
#include "app/window/StartupWarmUp.h"
#include "app/window/TerminationGuard.h"
#include "app/window/UserPrompt.h"
#include "widgets/common/FirstFrameShown.h"

#include <QApplication>
#include <QIcon>
#include <QLocale>
#include <QTextStream>
#include <QTimer>
#include <cstdio>
#include <memory>

namespace {

void describeApplication()
{
    QCoreApplication::setOrganizationName(QStringLiteral("GPU Compare"));
    QCoreApplication::setOrganizationDomain(QStringLiteral("gpucompare.github.io"));
    QCoreApplication::setApplicationName(QStringLiteral("gpucompare"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GPUCOMPARE_VERSION));
}

int openWindow(const GlobalCommandLine &commandLine)
{
    const StartupWarmUp warmUp;
    // Only the window is translated: headless commands print English for scripts (docs/translations.md).
    LanguageChoice language;
    language.install(LanguageChoice::resolve(AppSettings().language(), QLocale::system().uiLanguages()));
    QGuiApplication::setApplicationDisplayName(QApplication::tr("GPU Compare"));
    QGuiApplication::setDesktopFileName(QStringLiteral(GPUCOMPARE_APP_ID));
    // Dialogs and X11 window managers that ignore the desktop entry show our icon too.
    QGuiApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/gpucompare.svg")));

    std::unique_ptr<FirstFrameGrabber> grabber;
    int exitCode = 0;
    {
        CatalogueSession catalogue;
        if (!catalogue.open(commandLine.databasePath)) {
            // The window still opens, empty, says why and offers another file; a damaged file is left as it
            // is.
            QTextStream(stderr) << "gpucompare: " << catalogue.lastError().message << Qt::endl;
        } else if (!catalogue.openedNote().isEmpty()) {
            QTextStream(stderr) << "gpucompare: " << catalogue.openedNote() << Qt::endl;
        }
        logStartupStep("catalogue opened");
        MainWindow window(&catalogue);
        logStartupStep("window built");
        if (!commandLine.screenshotPath.isEmpty()) {
            grabber = std::make_unique<FirstFrameGrabber>(&window, commandLine.screenshotPath);
            // A screenshot run has nobody to click a message box: what it would say goes to stderr.
            window.prompt()->setHandler([](const UserPrompt::Message &message) {
                QTextStream(stderr) << "gpucompare: " << message.text << u' ' << message.informativeText
                                    << Qt::endl;
                if (message.buttons.testFlag(QMessageBox::Cancel))
                    return QMessageBox::Cancel;
                return message.buttons.testFlag(QMessageBox::Close) ? QMessageBox::Close : QMessageBox::Ok;
            });
        }
        if (commandLine.windowSize.isValid())
            window.setStartSize(commandLine.windowSize);
        window.show();
        logStartupStep("window shown");
        // Opened before the first frame is painted, so a screenshot shows the scenario.
        if (!commandLine.scenarioPath.isEmpty())
            window.scenarios()->open(commandLine.scenarioPath);
        // Edits not saved when the program was last ended by SIGTERM or the session's end.
        CatalogueRecovery recovery(&catalogue, window.catalogueTab(), window.prompt());
        TerminationGuard termination;
        recovery.watch(&termination);
        if (commandLine.screenshotPath.isEmpty())
            QTimer::singleShot(0, &recovery, &CatalogueRecovery::offer);
        QObject::connect(window.catalogueOpener(), &CatalogueOpener::opened, &recovery,
                         &CatalogueRecovery::offer);
        exitCode = QApplication::exec();
        recovery.windowClosed();
    } // the window and the catalogue are closed while a screenshot is still being written
    return grabber ? grabber->waitUntilWritten(exitCode) : exitCode;
}

} // namespace

int main(int argc, char *argv[])
{
    logStartupStep("main entered");
    describeApplication();
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);

    // Control characters from files and arguments are escaped on their way to the terminal.
    TerminalSafeDevice outDevice(stdout);
    TerminalSafeDevice errDevice(stderr);
    QTextStream out(&outDevice);
    QTextStream err(&errDevice);
    const GlobalCommandLine commandLine = GlobalCommandLine::parse(arguments);

    // Everything that needs no window is decided before a QApplication exists, so that headless
    // use and bad arguments need no display.
    const bool needsWindow = commandLine.action == GlobalCommandLine::Action::OpenWindow;
    if (needsWindow && !commandLine.screenshotPath.isEmpty()) {
        const QString reason = OutputPath::unwritableReason(commandLine.screenshotPath);
        if (!reason.isEmpty()) {
            err << "gpucompare: "
                << QCoreApplication::translate("cli", "cannot write screenshot %1: %2")
                       .arg(commandLine.screenshotPath, reason)
                << Qt::endl;
            return ExitCode::BadInput;
        }
    }
    // Headless commands that draw charts need a QApplication; without a display they draw offscreen. Their
    // --help draws nothing.
    const bool drawsCharts = commandLine.action == GlobalCommandLine::Action::RunCommand &&
                             CliCommands::find(commandLine.command)->drawsCharts &&
                             !CliCommands::asksForHelp(commandLine.commandArguments);
    if (drawsCharts && qEnvironmentVariableIsEmpty("DISPLAY") &&
        qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    std::unique_ptr<QCoreApplication> app;
    if (needsWindow || drawsCharts) {
        app = std::make_unique<QApplication>(argc, argv);
        logStartupStep("application created");
    } else
        app = std::make_unique<QCoreApplication>(argc, argv);

    switch (commandLine.action) {
    case GlobalCommandLine::Action::ShowHelp:
        out << commandLine.helpText;
        return ExitCode::Ok;
    case GlobalCommandLine::Action::ShowVersion:
        out << QCoreApplication::applicationName() << u' ' << QCoreApplication::applicationVersion()
            << Qt::endl;
        return ExitCode::Ok;
    case GlobalCommandLine::Action::Error:
        err << "gpucompare: " << commandLine.errorMessage << Qt::endl;
        return ExitCode::BadInput;
    case GlobalCommandLine::Action::RunCommand: {
        // Numbers the estimator words ("4,096-token sequences") read the same in every locale, for scripts,
        // and counts take English plurals ("2 GPUs", not "2 GPU(s)"): the command line speaks English.
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        LanguageChoice english;
        english.install(QStringLiteral("en"));
        CliContext context{commandLine.databasePath, out, err};
        return CliCommands::run(*CliCommands::find(commandLine.command), commandLine.commandArguments,
                                context);
    }
    case GlobalCommandLine::Action::OpenWindow:
        break;
    }
    return openWindow(commandLine);
}
