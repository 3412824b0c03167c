#pragma once

#include <QString>
#include <QStringList>
#include <QVector>
#include <QWidget>

class MessageLabel;
class QMimeData;
class QLabel;
class QPushButton;
class QTableWidget;

// One imported run as the Measurements view lists it (prepared by the window from the catalogue).
struct MeasurementsViewRow
{
    qint64 fileId = 0;
    QString fileName;
    QString importedAt;
    QString gpu;
    QString model;
    int gpuCount = 1;
    QString profile; // "" when imported without one
    QString result;  // "TTFT 55 ms, TPOT 6.3 ms, 2,425 tok/s"
};

// The Catalogue tab's list of the user's imported benchmark results (`measurements import` in the
// window): one line a run, files dropped on it are imported, a file can be removed. It shows what it is
// given and says what the user asked for; the import itself is the window's (MeasurementsController).
class MeasurementsView : public QWidget
{
    Q_OBJECT
public:
    explicit MeasurementsView(QWidget *parent = nullptr);

    void setRows(const QVector<MeasurementsViewRow> &rows);
    void showMessage(const QString &message); // empty hides it
    QString message() const;
    QTableWidget *table() const { return m_table; }
    QPushButton *importButton() const { return m_import; }
    QPushButton *removeButton() const { return m_remove; }

signals:
    void filesDropped(const QStringList &paths);
    void importRequested();              // the Import… button: the window asks for files
    void removeRequested(qint64 fileId); // the selected run's file

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    qint64 selectedFileId() const;
    static QStringList localFiles(const QMimeData *mime);

    QLabel *m_title;
    MessageLabel *m_message;
    QTableWidget *m_table;
    QPushButton *m_import;
    QPushButton *m_remove;
    QVector<MeasurementsViewRow> m_rows;
};
