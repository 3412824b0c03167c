#include "app/cli/CliHelp.h"

#include "app/cli/CliContext.h"
#include "db/MessageText.h"

#include <QCoreApplication>

namespace CliHelp {

QString programName()
{
    return QStringLiteral("gpucompare");
}

QString text(const QCommandLineParser &parser, const QString &usage)
{
    const QString generated = parser.helpText();
    const qsizetype endOfUsage = generated.indexOf(u'\n');
    return QCoreApplication::translate("cli", "Usage: %1 %2").arg(programName(), usage) +
           (endOfUsage < 0 ? QStringLiteral("\n") : generated.mid(endOfUsage));
}

QString commandText(const QString &usage, const QString &description,
                    const QList<QCommandLineOption> &options, const QList<Argument> &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(description);
    for (const QCommandLineOption &option : options)
        parser.addOption(option);
    parser.addOption(helpOption());
    for (const Argument &argument : arguments)
        parser.addPositionalArgument(argument.name, argument.description);
    return text(parser, usage);
}

QCommandLineOption helpOption()
{
    return QCommandLineOption(QStringList{QStringLiteral("h"), QStringLiteral("help")},
                              QCoreApplication::translate("cli", "Show this help and exit."));
}

bool readJsonFlag(const QString &command, const QStringList &arguments, CliContext &context, bool *json)
{
    *json = false;
    for (const QString &argument : arguments) {
        if (argument != QLatin1String("--json")) {
            context.err << programName() << ": "
                        << QCoreApplication::translate("cli",
                                                       "%1: unexpected argument '%2' (allowed: --json)")
                               .arg(command, MessageText::cut(argument))
                        << Qt::endl;
            return false;
        }
        *json = true;
    }
    return true;
}

} // namespace CliHelp
