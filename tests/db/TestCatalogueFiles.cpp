#include "TestCatalogueFiles.h"

#include <QFile>
#include <gtest/gtest.h>

namespace TestCatalogueFiles {

std::unique_ptr<Catalogue> createSeeded(const QTemporaryDir &dir, const QString &name)
{
    CatalogueError error;
    std::unique_ptr<Catalogue> catalogue = Catalogue::open(
        dir.filePath(name),
        Catalogue::Options{Catalogue::Access::ReadWrite, Catalogue::IfMissing::CreateFromSeed}, &error);
    EXPECT_TRUE(catalogue) << error.message.toStdString();
    return catalogue;
}

QByteArray readBytes(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

void writeBytes(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    ASSERT_EQ(file.write(bytes), bytes.size());
}

} // namespace TestCatalogueFiles
