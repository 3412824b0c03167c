// The start-up baseline of the performance budgets (docs/performance.md): the smallest Qt Widgets
// program that opens a window with a QCustomPlot bar chart and a table, and saves its first painted
// frame, like `gpucompare --screenshot`. GPU Compare's start-up is measured against this program: both
// log the first frame shown (FirstFrameShown.h) at the same point.

#include "widgets/common/FirstFrameShown.h"

#include <QApplication>
#include <QMainWindow>
#include <QScreen>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QTimer>
#include <cstdio>
#include <qcustomplot.h>

namespace {

class FrameSaver : public QObject
{
public:
    FrameSaver(QWidget *window, QString path)
        : m_window(window)
        , m_path(std::move(path))
    {
        window->installEventFilter(this);
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == m_window && event->type() == QEvent::Paint && !m_done) {
            m_done = true;
            QTimer::singleShot(0, this, [this] {
                logFirstFrameShown(*m_window);
                // Read the painted frame back as gpucompare --screenshot does (FirstFrameGrabber).
                QPixmap frame = m_window->screen()->grabWindow(m_window->winId());
                if (frame.isNull())
                    frame = m_window->grab();
                const bool saved = frame.save(m_path, "PNG");
                QCoreApplication::exit(saved ? 0 : 2);
            });
        }
        return QObject::eventFilter(watched, event);
    }

private:
    QWidget *m_window;
    QString m_path;
    bool m_done = false;
};

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s OUT.png\n", argv[0]);
        return 2;
    }
    QMainWindow window;
    auto *splitter = new QSplitter;
    auto *plot = new QCustomPlot;
    auto *bars = new QCPBars(plot->xAxis, plot->yAxis);
    bars->setData({1, 2, 3, 4, 5}, {989.4, 989.4, 312, 154.8, 362.05});
    plot->rescaleAxes();
    auto *model = new QStandardItemModel(20, 6, &window);
    for (int row = 0; row < 20; ++row)
        for (int column = 0; column < 6; ++column)
            model->setItem(row, column, new QStandardItem(QString::number(row * column)));
    auto *table = new QTableView;
    table->setModel(model);
    splitter->addWidget(table);
    splitter->addWidget(plot);
    window.setCentralWidget(splitter);
    window.resize(1280, 800);
    FrameSaver saver(&window, QString::fromLocal8Bit(argv[1]));
    window.show();
    return QApplication::exec();
}
