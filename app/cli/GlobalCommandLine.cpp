#include "app/cli/GlobalCommandLine.h"

#include "app/cli/CliCommand.h"
#include "app/cli/CliHelp.h"
#include "db/MessageText.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>

namespace {

struct Parser
{
    QCommandLineParser parser;
    QCommandLineOption db{QStringList{QStringLiteral("db")},
                          QCoreApplication::translate("cli",
                                                      "Use the catalogue FILE instead of the default one; "
                                                      "it is created from the bundled seed if missing, "
                                                      "and a line on stderr says so. A team catalogue on "
                                                      "PostgreSQL: postgresql://USER@HOST[:PORT]/DATABASE "
                                                      "(the password from PGPASSWORD or ~/.pgpass)."),
                          QStringLiteral("FILE")};
    QCommandLineOption screenshot{QStringList{QStringLiteral("screenshot")},
                                  QCoreApplication::translate("cli",
                                                              "Open the window, save its first painted frame "
                                                              "as a PNG to FILE, and quit."),
                                  QStringLiteral("FILE")};
    QCommandLineOption windowSize{
        QStringList{QStringLiteral("window-size")},
        QCoreApplication::translate("cli", "Open the window at this size in logical pixels, e.g. 1280x720 "
                                           "(with QT_SCALE_FACTOR=2 that is 2560x1440 on screen), its docks "
                                           "laid out for it."),
        QStringLiteral("WxH")};
    QCommandLineOption help{QStringList{QStringLiteral("h"), QStringLiteral("help")},
                            QCoreApplication::translate("cli", "Show this help.")};
    QCommandLineOption version{QStringList{QStringLiteral("v"), QStringLiteral("version")},
                               QCoreApplication::translate("cli", "Show the version.")};

    Parser()
    {
        parser.setApplicationDescription(QCoreApplication::translate(
            "cli", "Compare GPUs for AI training and inference. Without a command, opens the window."));
        parser.addOption(db);
        parser.addOption(screenshot);
        parser.addOption(windowSize);
        parser.addOption(help);
        parser.addOption(version);
        parser.addPositionalArgument(
            QStringLiteral("command"),
            QCoreApplication::translate("cli", "A headless command (see below), or a scenario file (.gpuc) "
                                               "to open in the window."),
            QStringLiteral("[command [options] | FILE.gpuc]"));
        // Options after the command name belong to the command.
        parser.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsPositionalArguments);
    }

    QString helpText() const
    {
        // Built before QCoreApplication exists: the usage line names the program itself.
        QString text = CliHelp::text(parser, QStringLiteral("[options] [command [options] | FILE.gpuc]"));
        const QVector<CliCommand> &commands = CliCommands::all();
        if (!commands.isEmpty()) {
            text += u'\n' + QCoreApplication::translate("cli", "Commands:") + u'\n';
            for (const CliCommand &command : commands)
                text += QStringLiteral("  %1  %2\n").arg(command.name, -14).arg(command.synopsis);
            text +=
                u'\n' +
                QCoreApplication::translate("cli", "`%1 COMMAND --help` lists a command's options and their "
                                                   "defaults.")
                    .arg(CliHelp::programName()) +
                u'\n';
        }
        return text;
    }
};

// A scenario to open rather than a command: named .gpuc, and a file that is there or no command's name (a
// missing file opens the window, which says so).
bool isScenarioArgument(const QString &argument)
{
    return argument.endsWith(QLatin1String(".gpuc"), Qt::CaseInsensitive) &&
           (QFileInfo(argument).isFile() || !CliCommands::find(argument));
}

// "1280x720" -> 1280 x 720; an invalid size when the text is not two whole numbers in range.
QSize parseWindowSize(const QString &text)
{
    constexpr int kSmallest = 320; // below this no dock fits
    constexpr int kLargest = 16384;
    const QStringList parts = text.trimmed().split(u'x', Qt::KeepEmptyParts, Qt::CaseInsensitive);
    if (parts.size() != 2)
        return {};
    bool widthOk = false;
    bool heightOk = false;
    const int width = parts.at(0).toInt(&widthOk);
    const int height = parts.at(1).toInt(&heightOk);
    if (!widthOk || !heightOk || width < kSmallest || height < kSmallest || width > kLargest ||
        height > kLargest)
        return {};
    return {width, height};
}

} // namespace

GlobalCommandLine GlobalCommandLine::parse(const QStringList &arguments)
{
    Parser p;
    GlobalCommandLine result;
    result.helpText = p.helpText();
    if (!p.parser.parse(arguments)) {
        result.action = Action::Error;
        const QStringList unknown = p.parser.unknownOptionNames();
        result.errorMessage = unknown.isEmpty()
                                  ? MessageText::cut(p.parser.errorText(), 2 * MessageText::kMostCharacters)
                                  : QCoreApplication::translate("cli", "unknown option '%1'")
                                        .arg(MessageText::cut(unknown.first()));
        return result;
    }
    result.databasePath = p.parser.value(p.db);
    result.screenshotPath = p.parser.value(p.screenshot);
    if (p.parser.isSet(p.windowSize)) {
        result.windowSize = parseWindowSize(p.parser.value(p.windowSize));
        if (!result.windowSize.isValid()) {
            result.action = Action::Error;
            result.errorMessage = QCoreApplication::translate(
                                      "cli", "--window-size '%1': expected WIDTHxHEIGHT in pixels, each "
                                             "320 to 16384, e.g. 1280x720")
                                      .arg(MessageText::cut(p.parser.value(p.windowSize)));
            return result;
        }
    }
    const QStringList positional = p.parser.positionalArguments();

    if (p.parser.isSet(p.help)) {
        result.action = Action::ShowHelp;
    } else if (p.parser.isSet(p.version)) {
        result.action = Action::ShowVersion;
    } else if (!positional.isEmpty() && isScenarioArgument(positional.first())) {
        // Options may follow the file too (`gpucompare a.gpuc --screenshot a.png`): everything after the
        // first positional argument is positional, so the file is at this index; the rest is parsed again.
        QStringList rest = arguments;
        rest.removeAt(arguments.size() - positional.size());
        GlobalCommandLine window = parse(rest);
        if (window.action == Action::RunCommand || !window.scenarioPath.isEmpty()) {
            window.action = Action::Error;
            window.errorMessage =
                QCoreApplication::translate("cli",
                                            "the scenario %1 opens the window; '%2' cannot come with it")
                    .arg(MessageText::cut(positional.first()),
                         MessageText::cut(window.scenarioPath.isEmpty() ? window.command
                                                                        : window.scenarioPath));
        }
        window.scenarioPath = positional.first();
        return window;
    } else if (!positional.isEmpty()) {
        result.command = positional.first();
        result.commandArguments = positional.mid(1);
        if (!CliCommands::find(result.command)) {
            result.action = Action::Error;
            const QStringList known = CliCommands::names();
            result.errorMessage = QCoreApplication::translate("cli", "unknown command '%1'; allowed: %2")
                                      .arg(MessageText::cut(result.command),
                                           known.isEmpty() ? QCoreApplication::translate("cli", "none yet")
                                                           : known.join(u", "));
        } else if (!result.screenshotPath.isEmpty() || result.windowSize.isValid()) {
            result.action = Action::Error;
            result.errorMessage = QCoreApplication::translate("cli", "%1 opens the window and cannot "
                                                                     "be combined with the command '%2'")
                                      .arg(result.screenshotPath.isEmpty() ? QStringLiteral("--window-size")
                                                                           : QStringLiteral("--screenshot"),
                                           result.command);
        } else {
            result.action = Action::RunCommand;
        }
    }
    return result;
}
