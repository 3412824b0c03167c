<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>CatalogueEditor</name>
    <message numerus="yes">
        <source>Delete %n GPUs</source>
        <translation>
            <numerusform>Delete %n GPU</numerusform>
            <numerusform>Delete %n GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Restore %n recovered edit(s)</source>
        <translation>
            <numerusform>Restore %n recovered edit</numerusform>
            <numerusform>Restore %n recovered edits</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Revert %n unsaved change(s)</source>
        <translation>
            <numerusform>Revert %n unsaved change</numerusform>
            <numerusform>Revert %n unsaved changes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CatalogueExport</name>
    <message numerus="yes">
        <source>Exported %n GPU(s) to %1</source>
        <translation>
            <numerusform>Exported %n GPU to %1</numerusform>
            <numerusform>Exported %n GPUs to %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CatalogueImport</name>
    <message numerus="yes">
        <source>%1 holds nothing new: %n GPU(s) as they are</source>
        <translation>
            <numerusform>%1 holds nothing new: %n GPU as it is</numerusform>
            <numerusform>%1 holds nothing new: %n GPUs as they are</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CatalogueRecovery</name>
    <message numerus="yes">
        <source>%n GPU(s) were changed, added or deleted and not saved when GPU Compare was ended. Restore puts them back as unsaved edits (Undo takes them out again); Discard deletes them.</source>
        <translation>
            <numerusform>%n GPU was changed, added or deleted and not saved when GPU Compare was ended. Restore puts it back as an unsaved edit (Undo takes it out again); Discard deletes it.</numerusform>
            <numerusform>%n GPUs were changed, added or deleted and not saved when GPU Compare was ended. Restore puts them back as unsaved edits (Undo takes them out again); Discard deletes them.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CatalogueSaver</name>
    <message numerus="yes">
        <source>Saved %n change(s) to the catalogue</source>
        <translation>
            <numerusform>Saved %n change to the catalogue</numerusform>
            <numerusform>Saved %n changes to the catalogue</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) in the catalogue have edits that are not saved. Save them before closing?</source>
        <translation>
            <numerusform>%n GPU in the catalogue has edits that are not saved. Save them before closing?</numerusform>
            <numerusform>%n GPUs in the catalogue have edits that are not saved. Save them before closing?</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ComparisonPresentation</name>
    <message numerus="yes">
        <source>micro-batch %1 × %2 steps × %n replica(s)</source>
        <translation>
            <numerusform>micro-batch %1 × %2 steps × %n replica</numerusform>
            <numerusform>micro-batch %1 × %2 steps × %n replicas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Workload: serving %n concurrent user(s)</source>
        <translation>
            <numerusform>Workload: serving %n concurrent user</numerusform>
            <numerusform>Workload: serving %n concurrent users</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>closed loop: %n user(s), each sending the next request when the last ends</source>
        <translation>
            <numerusform>closed loop: %n user, sending the next request when the last ends</numerusform>
            <numerusform>closed loop: %n users, each sending the next request when the last ends</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1; %n request(s) simulated</source>
        <translation>
            <numerusform>%1; %n request simulated</numerusform>
            <numerusform>%1; %n requests simulated</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ComparisonTableModel</name>
    <message numerus="yes">
        <source>▸ %1: %n row(s) folded, click to show</source>
        <translation>
            <numerusform>▸ %1: %n row folded, click to show</numerusform>
            <numerusform>▸ %1: %n rows folded, click to show</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ConflictDialog</name>
    <message numerus="yes">
        <source>Another program changed %n GPU(s) in the catalogue file since they were read. Keep your versions of all of them, or the file&apos;s?</source>
        <translation>
            <numerusform>Another program changed %n GPU in the catalogue file since it was read. Keep your version, or the file&apos;s?</numerusform>
            <numerusform>Another program changed %n GPUs in the catalogue file since they were read. Keep your versions of all of them, or the file&apos;s?</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GpuPicker</name>
    <message numerus="yes">
        <source>Checks the %n GPU model(s) found in this machine, keeping the GPUs already checked</source>
        <translation>
            <numerusform>Checks the %n GPU model found in this machine, keeping the GPUs already checked</numerusform>
            <numerusform>Checks the %n GPU models found in this machine, keeping the GPUs already checked</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ImportPlan</name>
    <message numerus="yes">
        <source>%n more GPU(s)</source>
        <translation>
            <numerusform>%n more GPU</numerusform>
            <numerusform>%n more GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The file has empty cells where the catalogue has values: changing existing GPUs empties %n value(s): %1.</source>
        <translation>
            <numerusform>The file has empty cells where the catalogue has values: changing existing GPUs empties %n value: %1.</numerusform>
            <numerusform>The file has empty cells where the catalogue has values: changing existing GPUs empties %n values: %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MachineGpus</name>
    <message numerus="yes">
        <source>the class of none of the %n device(s) in %1 can be read</source>
        <translation>
            <numerusform>the class of the %n device in %1 cannot be read</numerusform>
            <numerusform>the class of none of the %n devices in %1 can be read</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MeasuredEstimates</name>
    <message numerus="yes">
        <source>%n user(s)</source>
        <translation>
            <numerusform>%n user</numerusform>
            <numerusform>%n users</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Doubt the measurement: the same run on %n other GPU(s) is within %1% of its estimate (median), so this value is the odd one (a slow build or setting, or a typo in the source).</source>
        <translation>
            <numerusform>Doubt the measurement: the same run on %n other GPU is within %1% of its estimate (median), so this value is the odd one (a slow build or setting, or a typo in the source).</numerusform>
            <numerusform>Doubt the measurement: the same run on %n other GPUs is within %1% of its estimate (median), so this value is the odd one (a slow build or setting, or a typo in the source).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Doubt the estimate: the same run on %n other GPU(s) is %1% off its estimate too (median), so the estimator misses something under these conditions.</source>
        <translation>
            <numerusform>Doubt the estimate: the same run on %n other GPU is %1% off its estimate too (median), so the estimator misses something under these conditions.</numerusform>
            <numerusform>Doubt the estimate: the same run on %n other GPUs is %1% off its estimate too (median), so the estimator misses something under these conditions.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MeasurementsController</name>
    <message numerus="yes">
        <source>Imported %n run(s) from %1</source>
        <translation>
            <numerusform>Imported %n run from %1</numerusform>
            <numerusform>Imported %n runs from %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MessageText</name>
    <message numerus="yes">
        <source>and %n more problem(s)</source>
        <translation>
            <numerusform>and %n more problem</numerusform>
            <numerusform>and %n more problems</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PairRanges</name>
    <message numerus="yes">
        <source>%1 %2, %n GPU pair(s), leave-one-GPU-out</source>
        <translation>
            <numerusform>%1 %2, %n GPU pair, leave-one-GPU-out</numerusform>
            <numerusform>%1 %2, %n GPU pairs, leave-one-GPU-out</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Planner</name>
    <message numerus="yes">
        <source>tp %1 × pp %2 × %n replica(s)</source>
        <translation>
            <numerusform>tp %1 × pp %2 × %n replica</numerusform>
            <numerusform>tp %1 × pp %2 × %n replicas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n replica(s)</source>
        <translation>
            <numerusform>%n replica</numerusform>
            <numerusform>%n replicas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>tp %1 × %n replica(s)</source>
        <translation>
            <numerusform>tp %1 × %n replica</numerusform>
            <numerusform>tp %1 × %n replicas</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RevertConfirmation</name>
    <message numerus="yes">
        <source>Discard %n unsaved change(s)?</source>
        <translation>
            <numerusform>Discard %n unsaved change?</numerusform>
            <numerusform>Discard %n unsaved changes?</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ScenarioController</name>
    <message numerus="yes">
        <source>%n value(s) in the catalogue changed since %1 was saved.</source>
        <translation>
            <numerusform>%n value in the catalogue changed since %1 was saved.</numerusform>
            <numerusform>%n values in the catalogue changed since %1 was saved.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>VerdictRules</name>
    <message numerus="yes">
        <source>does not fit on %n GPU(s): %1 GB per GPU needed of %2 GB; needs %3 GPUs</source>
        <translation>
            <numerusform>does not fit on %n GPU: %1 GB per GPU needed of %2 GB; needs %3 GPUs</numerusform>
            <numerusform>does not fit on %n GPUs: %1 GB per GPU needed of %2 GB; needs %3 GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>fits: %1 GB of %2 GB per GPU on %n GPU(s)</source>
        <translation>
            <numerusform>fits: %1 GB of %2 GB per GPU on %n GPU</numerusform>
            <numerusform>fits: %1 GB of %2 GB per GPU on %n GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>at %n concurrent user(s)</source>
        <translation>
            <numerusform>at %n concurrent user</numerusform>
            <numerusform>at %n concurrent users</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>at least %n user(s) (the search stops there)</source>
        <translation>
            <numerusform>at least %n user (the search stops there)</numerusform>
            <numerusform>at least %n users (the search stops there)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>up to %n user(s)</source>
        <translation>
            <numerusform>up to %n user</numerusform>
            <numerusform>up to %n users</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WorkloadResolver</name>
    <message numerus="yes">
        <source>%n request(s) in flight</source>
        <translation>
            <numerusform>%n request in flight</numerusform>
            <numerusform>%n requests in flight</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s)</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n concurrent user(s)</source>
        <translation>
            <numerusform>%n concurrent user</numerusform>
            <numerusform>%n concurrent users</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) fit in one node, which uses no network; leave the network out</source>
        <translation>
            <numerusform>%n GPU fits in one node, which uses no network; leave the network out</numerusform>
            <numerusform>%n GPUs fit in one node, which uses no network; leave the network out</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n MTP module(s)</source>
        <translation>
            <numerusform>%n MTP module</numerusform>
            <numerusform>%n MTP modules</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n block(s) kept in BF16</source>
        <translation>
            <numerusform>%n block kept in BF16</numerusform>
            <numerusform>%n blocks kept in BF16</numerusform>
        </translation>
    </message>
</context>
</TS>
