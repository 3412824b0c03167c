#include "widgets/catalogue/CatalogueFileAction.h"

CatalogueFileAction::CatalogueFileAction(CatalogueEditor *editor, QWidget *dialogParent)
    : m_editor(editor)
    , m_dialogParent(dialogParent)
{}
