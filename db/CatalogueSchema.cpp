#include "db/CatalogueSchema.h"

#include "db/SqliteFailure.h"
#include "db/WriteTransaction.h"

#include <QRegularExpression>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QStringList>

namespace {

// Frozen text: a migration must build exactly what that version was, whatever the code says today.
const char *const kVersion1[] = {
    R"sql(CREATE TABLE gpus (
    id INTEGER PRIMARY KEY,
    gpu_id TEXT NOT NULL CHECK (length(gpu_id) > 0) UNIQUE,
    vendor TEXT NOT NULL CHECK (length(vendor) > 0),
    product TEXT NOT NULL CHECK (length(product) > 0),
    variant TEXT NOT NULL DEFAULT '',
    architecture TEXT NOT NULL DEFAULT '',
    chip TEXT NOT NULL DEFAULT '',
    release_year INTEGER CHECK (release_year >= 0),
    release_note TEXT NOT NULL DEFAULT '',
    process_node TEXT NOT NULL DEFAULT '',
    compute_units INTEGER CHECK (compute_units >= 0),
    compute_units_note TEXT NOT NULL DEFAULT '',
    boost_clock_mhz REAL CHECK (boost_clock_mhz >= 0),
    boost_clock_note TEXT NOT NULL DEFAULT '',
    fp64_tflops REAL CHECK (fp64_tflops >= 0),
    fp64_tensor_tflops REAL CHECK (fp64_tensor_tflops >= 0),
    fp32_tflops REAL CHECK (fp32_tflops >= 0),
    tf32_dense_tflops REAL CHECK (tf32_dense_tflops >= 0),
    tf32_sparse_tflops REAL CHECK (tf32_sparse_tflops >= 0),
    fp16_dense_tflops REAL CHECK (fp16_dense_tflops >= 0),
    fp16_sparse_tflops REAL CHECK (fp16_sparse_tflops >= 0),
    fp8_dense_tflops REAL CHECK (fp8_dense_tflops >= 0),
    fp8_sparse_tflops REAL CHECK (fp8_sparse_tflops >= 0),
    int8_dense_tops REAL CHECK (int8_dense_tops >= 0),
    int8_sparse_tops REAL CHECK (int8_sparse_tops >= 0),
    fp4_dense_tflops REAL CHECK (fp4_dense_tflops >= 0),
    fp4_sparse_tflops REAL CHECK (fp4_sparse_tflops >= 0),
    compute_note TEXT NOT NULL DEFAULT '',
    sparse_headline_note TEXT NOT NULL DEFAULT '',
    memory_gb REAL CHECK (memory_gb >= 0),
    memory_type TEXT NOT NULL DEFAULT '',
    memory_bus_bits INTEGER CHECK (memory_bus_bits >= 0),
    memory_bandwidth_gbs REAL CHECK (memory_bandwidth_gbs >= 0),
    tdp_w REAL CHECK (tdp_w >= 0),
    tdp_note TEXT NOT NULL DEFAULT '',
    interconnect_kind TEXT NOT NULL DEFAULT '',
    interconnect_note TEXT NOT NULL DEFAULT '',
    interconnect_gbs REAL CHECK (interconnect_gbs >= 0),
    pcie_generation INTEGER CHECK (pcie_generation >= 0),
    pcie_note TEXT NOT NULL DEFAULT '',
    pcie_gbs REAL CHECK (pcie_gbs >= 0),
    form_factor TEXT NOT NULL DEFAULT '',
    mig TEXT NOT NULL DEFAULT '',
    price_usd REAL CHECK (price_usd >= 0),
    price_note TEXT NOT NULL DEFAULT '',
    sources TEXT NOT NULL DEFAULT '',
    source_crosscheck TEXT NOT NULL DEFAULT '',
    confidence TEXT NOT NULL DEFAULT '',
    notes TEXT NOT NULL DEFAULT '',
    revision INTEGER NOT NULL DEFAULT 1,
    user_modified INTEGER NOT NULL DEFAULT 0 CHECK (user_modified IN (0, 1))
) STRICT)sql",
    R"sql(CREATE TABLE benchmarks (
    id INTEGER PRIMARY KEY,
    bench_id TEXT NOT NULL CHECK (length(bench_id) > 0) UNIQUE,
    category TEXT NOT NULL DEFAULT '',
    gpu_id TEXT NOT NULL DEFAULT '',
    gpu_as_reported TEXT NOT NULL DEFAULT '',
    gpu_count INTEGER NOT NULL DEFAULT 1 CHECK (gpu_count >= 1),
    system TEXT NOT NULL DEFAULT '',
    model TEXT NOT NULL DEFAULT '',
    task TEXT NOT NULL DEFAULT '',
    precision TEXT NOT NULL DEFAULT '',
    batch_size TEXT NOT NULL DEFAULT '',
    input_length TEXT NOT NULL DEFAULT '',
    output_length TEXT NOT NULL DEFAULT '',
    framework TEXT NOT NULL DEFAULT '',
    metric TEXT NOT NULL DEFAULT '',
    value REAL NOT NULL,
    unit TEXT NOT NULL DEFAULT '',
    value_per_gpu REAL,
    constraints TEXT NOT NULL DEFAULT '',
    date_or_version TEXT NOT NULL DEFAULT '',
    source TEXT NOT NULL DEFAULT '',
    reliability TEXT NOT NULL DEFAULT '',
    notes TEXT NOT NULL DEFAULT '',
    revision INTEGER NOT NULL DEFAULT 1,
    user_modified INTEGER NOT NULL DEFAULT 0 CHECK (user_modified IN (0, 1))
) STRICT)sql",
    "CREATE INDEX benchmarks_by_gpu ON benchmarks (gpu_id)",
};

// Version 2: default rental prices for cost estimates; model presets and efficiency profiles.
const char *const kVersion2[] = {
    "ALTER TABLE gpus ADD COLUMN usd_per_gpu_hour REAL CHECK (usd_per_gpu_hour >= 0)",
    "ALTER TABLE gpus ADD COLUMN usd_per_gpu_hour_note TEXT NOT NULL DEFAULT ''",
    R"sql(CREATE TABLE models (
    id INTEGER PRIMARY KEY,
    model_id TEXT NOT NULL CHECK (length(model_id) > 0) UNIQUE,
    name TEXT NOT NULL DEFAULT '',
    config_json TEXT NOT NULL,
    source TEXT NOT NULL DEFAULT '',
    revision INTEGER NOT NULL DEFAULT 1,
    user_modified INTEGER NOT NULL DEFAULT 0 CHECK (user_modified IN (0, 1))
) STRICT)sql",
    R"sql(CREATE TABLE profiles (
    id INTEGER PRIMARY KEY,
    profile_id TEXT NOT NULL CHECK (length(profile_id) > 0) UNIQUE,
    name TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    parameters_json TEXT NOT NULL,
    calibration TEXT NOT NULL DEFAULT '',
    revision INTEGER NOT NULL DEFAULT 1,
    user_modified INTEGER NOT NULL DEFAULT 0 CHECK (user_modified IN (0, 1))
) STRICT)sql",
};

// Version 3: how many of each GPU one server or tray holds (training across nodes). Seed rows the
// user never changed get the value of the version-3 seed (resources/seed/gpu-specs.csv, reasons in
// gpu-specs-notes.md), as a catalogue built from that seed has it; edited, imported and the user's own
// rows stay NULL ("not given"). The values are frozen here like the rest of the step: a later seed
// change reaches existing catalogues only through a later migration.
const char *const kVersion3[] = {
    "ALTER TABLE gpus ADD COLUMN gpus_per_node INTEGER CHECK (gpus_per_node >= 1)",
    R"sql(UPDATE gpus SET gpus_per_node = 8 WHERE user_modified = 0 AND gpu_id IN (
    'h100_sxm5_80gb', 'h100_pcie_80gb', 'h100_nvl_94gb', 'h200_sxm_141gb', 'h200_nvl_141gb',
    'a100_pcie_40gb', 'a100_sxm4_40gb', 'a100_sxm4_80gb', 'a100_pcie_80gb', 'l40s_48gb', 'l40_48gb',
    'l4_24gb', 'a10_24gb', 'a40_48gb', 'b200_sxm_180gb', 'mi300x_192gb', 'mi325x_256gb'))sql",
    R"sql(UPDATE gpus SET gpus_per_node = 4 WHERE user_modified = 0 AND gpu_id IN (
    'rtx_a6000_48gb', 'rtx_6000_ada_48gb'))sql",
    R"sql(UPDATE gpus SET gpus_per_node = 2 WHERE user_modified = 0 AND gpu_id IN (
    'rtx_4090_24gb', 'rtx_3090_24gb', 'gh200_144gb'))sql",
};

// Version 4: FP6 tensor rates (Blackwell and CDNA 4 datasheets give them), the boards' PCI ids (to
// find the GPUs of this machine), and the user's answers to offers of the GPUs and model presets a
// newer seed brings, so a declined or deleted row is not offered again at every start.
const char *const kVersion4[] = {
    "ALTER TABLE gpus ADD COLUMN pci_ids TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE gpus ADD COLUMN fp6_dense_tflops REAL CHECK (fp6_dense_tflops >= 0)",
    "ALTER TABLE gpus ADD COLUMN fp6_sparse_tflops REAL CHECK (fp6_sparse_tflops >= 0)",
    R"sql(CREATE TABLE seed_answers (
    kind TEXT NOT NULL CHECK (kind IN ('gpu', 'model')),
    item_id TEXT NOT NULL CHECK (length(item_id) > 0),
    answer TEXT NOT NULL CHECK (answer IN ('added', 'declined')),
    answered_at TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (kind, item_id)
) STRICT)sql",
    // The boards' PCI ids of resources/seed/gpu-pci-ids.csv (sources there), for every row with a seed GPU's
    // id, edited or not: the column is new, so no user value is overwritten, and an H100 whose price the
    // user changed is still an H100 to find in this machine. The user's own rows stay '' ("not known").
    R"sql(UPDATE gpus SET pci_ids = CASE gpu_id
    WHEN 'h100_sxm5_80gb' THEN '10de:2330'
    WHEN 'h100_pcie_80gb' THEN '10de:2331'
    WHEN 'h100_nvl_94gb' THEN '10de:2321'
    WHEN 'h200_sxm_141gb' THEN '10de:2335'
    WHEN 'h200_nvl_141gb' THEN '10de:233b'
    WHEN 'a100_pcie_40gb' THEN '10de:20b1, 10de:20f1'
    WHEN 'a100_sxm4_40gb' THEN '10de:20b0'
    WHEN 'a100_sxm4_80gb' THEN '10de:20b2'
    WHEN 'a100_pcie_80gb' THEN '10de:20b5'
    WHEN 'rtx_a6000_48gb' THEN '10de:2230'
    WHEN 'l40s_48gb' THEN '10de:26b9'
    WHEN 'l40_48gb' THEN '10de:26b5'
    WHEN 'l4_24gb' THEN '10de:27b8'
    WHEN 'a10_24gb' THEN '10de:2236'
    WHEN 'a40_48gb' THEN '10de:2235'
    WHEN 'rtx_6000_ada_48gb' THEN '10de:26b1'
    WHEN 'rtx_4090_24gb' THEN '10de:2684'
    WHEN 'rtx_3090_24gb' THEN '10de:2204'
    WHEN 'b200_sxm_180gb' THEN '10de:2901, 10de:2909'
    WHEN 'gh200_144gb' THEN '10de:2348'
    WHEN 'mi300x_192gb' THEN '1002:74a1, 1002:74b5'
    WHEN 'mi325x_256gb' THEN '1002:74a5, 1002:74b9'
    ELSE pci_ids END)sql",
    // Seed values for the rows the user never changed (frozen, as in version 3): the B200's FP6 rate,
    // which the version-3 seed did not give (HGX B200 table: FP8/FP6 72 PF sparse for 8 GPUs).
    R"sql(UPDATE gpus SET fp6_dense_tflops = 4500, fp6_sparse_tflops = 9000
    WHERE user_modified = 0 AND gpu_id = 'b200_sxm_180gb')sql",
};

// Version 5: the FP16-with-FP16-accumulate tensor rate as a number. Until now it lived only in the text
// of compute_note ("GeForce: FP16 with FP16 accumulate = 330.3 dense / ..."), where the estimator read it.
// Every row, edited or the user's own, gets the figure its note gives, read the way the estimator read
// it (the number after "FP16 accumulate = ", positive), so no estimate changes with the upgrade and no
// user value is overwritten (the column is new). Rows whose note names no such figure stay NULL.
// SQLite's CAST to REAL takes the longest leading number of the text ("330.3 dense / ..." -> 330.3), and
// lower() folds ASCII only, one character for one, so the position instr() finds is the note's own.
const char *const kVersion5[] = {
    "ALTER TABLE gpus ADD COLUMN fp16_accumulate_dense_tflops REAL CHECK (fp16_accumulate_dense_tflops >= 0)",
    R"sql(UPDATE gpus SET fp16_accumulate_dense_tflops =
    CAST(substr(compute_note, instr(lower(compute_note), 'fp16 accumulate = ') + 18) AS REAL)
    WHERE instr(lower(compute_note), 'fp16 accumulate = ') > 0
    AND CAST(substr(compute_note, instr(lower(compute_note), 'fp16 accumulate = ') + 18) AS REAL) > 0)sql",
};

// Version 5 on PostgreSQL: the same figure, read the same way (SQLite's CAST takes the longest leading
// number of the text; PostgreSQL's refuses the text, so the number is cut out first).
const char *const kVersion5PostgreSql[] = {
    "ALTER TABLE gpus ADD COLUMN fp16_accumulate_dense_tflops DOUBLE PRECISION CHECK "
    "(fp16_accumulate_dense_tflops >= 0)",
    R"sql(UPDATE gpus SET fp16_accumulate_dense_tflops = CAST(substring(
    substr(compute_note, strpos(lower(compute_note), 'fp16 accumulate = ') + 18)
    from '^\s*([-+]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]+)?)') AS DOUBLE PRECISION)
    WHERE strpos(lower(compute_note), 'fp16 accumulate = ') > 0
    AND CAST(substring(substr(compute_note, strpos(lower(compute_note), 'fp16 accumulate = ') + 18)
    from '^\s*([-+]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]+)?)') AS DOUBLE PRECISION) > 0)sql",
};

// Version 6: what public microbenchmarks reach of a GPU's datasheet rates (the estimator's fitted profiles
// scale the datasheet by them: issue 36). The seed's figures go to the seed rows the user never changed
// (frozen: the version-6 seed, sources in achievable_source); an edited or own row stays NULL, which the
// estimator reads as "not measured" and fills with the typical fraction, marked derived.
const char *const kVersion6[] = {
    "ALTER TABLE gpus ADD COLUMN achievable_matmul_tflops REAL CHECK (achievable_matmul_tflops >= 0)",
    "ALTER TABLE gpus ADD COLUMN achievable_memory_gbs REAL CHECK (achievable_memory_gbs >= 0)",
    "ALTER TABLE gpus ADD COLUMN achievable_source TEXT NOT NULL DEFAULT ''",
    R"sql(UPDATE gpus SET achievable_matmul_tflops = CASE gpu_id
    WHEN 'h100_sxm5_80gb' THEN 794.5
    WHEN 'h100_pcie_80gb' THEN 495.93
    WHEN 'h200_sxm_141gb' THEN 794.5
    WHEN 'gh200_144gb' THEN 828.6
    WHEN 'a100_sxm4_80gb' THEN 271.2
    WHEN 'a100_sxm4_40gb' THEN 271.2
    WHEN 'a100_pcie_80gb' THEN 252.9
    WHEN 'a100_pcie_40gb' THEN 234.14
    WHEN 'l4_24gb' THEN 70.89
    WHEN 'l40s_48gb' THEN 269.15
    WHEN 'rtx_4090_24gb' THEN 167.9
    WHEN 'rtx_3090_24gb' THEN 76.58
    WHEN 'rtx_a6000_48gb' THEN 123.34
    WHEN 'b200_sxm_180gb' THEN 1745.0
    WHEN 'mi300x_192gb' THEN 668.4
    WHEN 'mi325x_256gb' THEN 784.9
    WHEN 'mi355x_288gb' THEN 1565.0
    WHEN 'gaudi3_128gb' THEN 1243.0
    WHEN 'rtx_5090_32gb' THEN 238.0
    WHEN 'rtx_pro_6000_ws_96gb' THEN 417.98
    ELSE NULL END,
    achievable_memory_gbs = CASE gpu_id
    WHEN 'h100_sxm5_80gb' THEN 2970
    WHEN 'h100_pcie_80gb' THEN 1832
    WHEN 'h200_sxm_141gb' THEN 4150
    WHEN 'a100_sxm4_80gb' THEN 1700
    WHEN 'a100_sxm4_40gb' THEN 1358
    WHEN 'a100_pcie_40gb' THEN 1350
    WHEN 'rtx_4090_24gb' THEN 921
    WHEN 'rtx_3090_24gb' THEN 856
    WHEN 'mi300x_192gb' THEN 4090
    ELSE NULL END,
    achievable_source = CASE gpu_id
    WHEN 'h100_sxm5_80gb' THEN 'matmul: stas00/ml-engineering compute/accelerator/README.md @744d01e (Maximum Achievable Matmul FLOPS table, BF16): H100 SXM 794.5 of 989; memory: Azure/AI-benchmarking-guide Azure_Results @8fd0c6e (HBM bandwidth, STREAM triad): ND_H100_v5 triad 2.97 TB/s'
    WHEN 'h100_pcie_80gb' THEN 'matmul: zzc0721/torch-performance-test-data database.md @9d82827 (torch.matmul BF16, square 1024-10240): H100 PCIe 495.93; memory: RRZE-HPC/gpu-benches gpu-stream @1038c5d (triad at 100% occupancy): h100_pcie triad 1832 GB/s'
    WHEN 'h200_sxm_141gb' THEN 'matmul: stas00/ml-engineering compute/accelerator/README.md @744d01e (Maximum Achievable Matmul FLOPS table, BF16): H100 SXM row, "H200 is the same" (same GH100 compute); memory: Azure/AI-benchmarking-guide Azure_Results @8fd0c6e (HBM bandwidth, STREAM triad): ND_H200_v5 triad 4.15 TB/s'
    WHEN 'gh200_144gb' THEN 'matmul: stas00/ml-engineering compute/accelerator/README.md @744d01e (Maximum Achievable Matmul FLOPS table, BF16): GH200 SXM 828.6 of 989 (900W 141GiB HBM3e version); memory: no measurement of this variant found'
    WHEN 'a100_sxm4_80gb' THEN 'matmul: stas00/ml-engineering compute/accelerator/README.md @744d01e (Maximum Achievable Matmul FLOPS table, BF16): A100 SXM 271.2 of 312; memory: Azure/AI-benchmarking-guide Azure_Results @8fd0c6e (HBM bandwidth, STREAM triad): ND_A100_v4 (A100-SXM4-80GB) triad 1.70 TB/s'
    WHEN 'a100_sxm4_40gb' THEN 'matmul: stas00/ml-engineering compute/accelerator/README.md @744d01e (Maximum Achievable Matmul FLOPS table, BF16): A100 SXM 271.2 of 312 (memory size not stated; same GA100 at the same clock); memory: RRZE-HPC/gpu-benches gpu-stream @1038c5d (triad at 100% occupancy): a100_40 triad 1358 GB/s (form factor not stated)'
    WHEN 'a100_pcie_80gb' THEN 'matmul: stas00/ml-engineering compute/accelerator/README.md @744d01e (Maximum Achievable Matmul FLOPS table, BF16): A100 PCIe 252.9 of 312 (memory size not stated); memory: none found'
    WHEN 'a100_pcie_40gb' THEN 'matmul: zzc0721/torch-performance-test-data database.md @9d82827 (torch.matmul BF16, square 1024-10240): A100-PCIE-40GB 234.14; memory: ProjectPhysX/OpenCL-Benchmark README.md @0f7e621 (coalesced read): coalesced read 1350.39 GB/s'
    WHEN 'l4_24gb' THEN 'matmul: zzc0721/torch-performance-test-data database.md @9d82827 (torch.matmul BF16, square 1024-10240): L4 70.89; memory: none found'
    WHEN 'l40s_48gb' THEN 'matmul: zzc0721/torch-performance-test-data database.md @9d82827 (torch.matmul BF16, square 1024-10240): L40S 269.15; memory: none found'
    WHEN 'rtx_4090_24gb' THEN 'matmul: zzc0721/torch-performance-test-data database.md @9d82827 (torch.matmul BF16, square 1024-10240): RTX 4090 runs 164.81, 165.71, 170.06, 173.31 (median 167.9; above the rated-boost 165.2: the card boosts higher); memory: krrishnarraj/clpeak issue #106 (global memory bandwidth): 921.32 GB/s'
    WHEN 'rtx_3090_24gb' THEN 'matmul: zzc0721/torch-performance-test-data database.md @9d82827 (torch.matmul BF16, square 1024-10240): RTX 3090 runs 76.34, 76.58, 76.68 (median; above the rated-boost 71); memory: krrishnarraj/clpeak issue #104 (global memory bandwidth): 856.31 GB/s'
    WHEN 'rtx_a6000_48gb' THEN 'matmul: zzc0721/torch-performance-test-data database.md @9d82827 (torch.matmul BF16, square 1024-10240): RTX A6000 123.34; memory: none found'
    WHEN 'b200_sxm_180gb' THEN 'matmul: stas00/ml-engineering compute/accelerator/README.md @744d01e (Maximum Achievable Matmul FLOPS table, BF16): B200 SXM 1745.0 of 2250; memory: none found'
    WHEN 'mi300x_192gb' THEN 'matmul: stas00/ml-engineering compute/accelerator/README.md @744d01e (Maximum Achievable Matmul FLOPS table, BF16): MI300X 668.4 of 1300 (PYTORCH_TUNABLEOP_ENABLED=1); memory: samuel-bohman/AI-benchmarking-guide ND_MI300X_v5_results.md @3de0c29 (HBM bandwidth, STREAM triad): triad 4.09 TB/s'
    WHEN 'mi325x_256gb' THEN 'matmul: stas00/ml-engineering compute/accelerator/README.md @744d01e (Maximum Achievable Matmul FLOPS table, BF16): MI325X 784.9 of 1300; memory: none found'
    WHEN 'mi355x_288gb' THEN 'matmul: stas00/ml-engineering compute/accelerator/README.md @744d01e (Maximum Achievable Matmul FLOPS table, BF16): MI355X 1565.0 of 2300; memory: none found'
    WHEN 'gaudi3_128gb' THEN 'matmul: stas00/ml-engineering compute/accelerator/README.md @744d01e (Maximum Achievable Matmul FLOPS table, BF16): Gaudi 3 1243.0 of 1677; memory: none found'
    WHEN 'rtx_5090_32gb' THEN 'matmul: zzc0721/torch-performance-test-data database.md @9d82827 (torch.matmul BF16, square 1024-10240): RTX 5090 runs 221.65, 236.03, 240.05, 242.18 (median 238.0); memory: none found'
    WHEN 'rtx_pro_6000_ws_96gb' THEN 'matmul: zzc0721/torch-performance-test-data database.md @9d82827 (torch.matmul BF16, square 1024-10240): RTX PRO 6000 Workstation 417.98; memory: none found'
    ELSE '' END
    WHERE user_modified = 0)sql",
};

// Version 8: the user's own measurements (issue 41), imported from benchmark tools' result files. A file
// is kept as its name, SHA-256 (a second import of the same bytes is refused), format and when it came;
// each run with the catalogue ids it was resolved to and, in run_json, everything the file said
// (MeasuredRunJson). gpu_id / model_id / profile_id are not foreign keys: deleting a GPU or preset keeps
// the user's measurements of it. Removing a file removes its runs (ON DELETE CASCADE; every connection
// sets foreign_keys = ON).
const char *const kVersion8[] = {
    R"sql(CREATE TABLE measurement_files (
    id INTEGER PRIMARY KEY,
    file_name TEXT NOT NULL CHECK (length(file_name) > 0),
    sha256 TEXT NOT NULL CHECK (length(sha256) = 64) UNIQUE,
    format TEXT NOT NULL CHECK (length(format) > 0),
    imported_at TEXT NOT NULL CHECK (length(imported_at) > 0),
    source TEXT NOT NULL DEFAULT '',
    run_count INTEGER NOT NULL CHECK (run_count >= 1)
) STRICT)sql",
    R"sql(CREATE TABLE measured_runs (
    id INTEGER PRIMARY KEY,
    file_id INTEGER NOT NULL REFERENCES measurement_files (id) ON DELETE CASCADE,
    gpu_id TEXT NOT NULL CHECK (length(gpu_id) > 0),
    model_id TEXT NOT NULL CHECK (length(model_id) > 0),
    gpu_count INTEGER NOT NULL CHECK (gpu_count >= 1),
    tensor_parallel INTEGER CHECK (tensor_parallel >= 1),
    profile_id TEXT NOT NULL DEFAULT '',
    run_json TEXT NOT NULL CHECK (length(run_json) > 1)
) STRICT)sql",
    "CREATE INDEX measured_runs_by_file ON measured_runs (file_id)",
    "CREATE INDEX measured_runs_by_gpu ON measured_runs (gpu_id)",
};

// Version 9: systems, what is bought or rented (issue 56): a server, a rack, a workstation, with its GPU,
// scale-up domain, network, power and prices. gpu_id is not a foreign key, as elsewhere: deleting a GPU
// keeps the systems that name it (they say so when used). The table starts empty on an upgrade: the
// bundled systems are offered (update-catalogue, the window's offer), as new GPUs are, so seed_answers
// takes the kind 'system'. SQLite cannot change a CHECK, so the table is rebuilt (its rows copied);
// PostgreSQL changes the constraint (kVersion9PostgreSql).
const char kSystemsTable[] = R"sql(CREATE TABLE systems (
    id INTEGER PRIMARY KEY,
    system_id TEXT NOT NULL CHECK (length(system_id) > 0) UNIQUE,
    name TEXT NOT NULL DEFAULT '',
    gpu_id TEXT NOT NULL CHECK (length(gpu_id) > 0),
    gpus_per_node INTEGER NOT NULL CHECK (gpus_per_node >= 1),
    scale_up_gpus INTEGER CHECK (scale_up_gpus >= 1),
    scale_up_gbs_per_gpu REAL CHECK (scale_up_gbs_per_gpu >= 0),
    scale_up_kind TEXT NOT NULL DEFAULT '' CHECK (scale_up_kind IN ('', 'nvswitch', 'nvlink-bridge',
        'infinity-fabric', 'ethernet', 'pcie')),
    nics_per_node INTEGER CHECK (nics_per_node >= 0),
    nic_gbps REAL CHECK (nic_gbps >= 0),
    rail_optimized INTEGER CHECK (rail_optimized IN (0, 1)),
    host_memory_gb REAL CHECK (host_memory_gb >= 0),
    host_link TEXT NOT NULL DEFAULT '',
    node_power_w REAL CHECK (node_power_w >= 0),
    max_systems INTEGER CHECK (max_systems >= 1),
    price_usd REAL CHECK (price_usd >= 0),
    price_date TEXT NOT NULL DEFAULT '',
    usd_per_gpu_hour REAL CHECK (usd_per_gpu_hour >= 0),
    rental_date TEXT NOT NULL DEFAULT '',
    sources TEXT NOT NULL DEFAULT '',
    notes TEXT NOT NULL DEFAULT '',
    revision INTEGER NOT NULL DEFAULT 1,
    user_modified INTEGER NOT NULL DEFAULT 0 CHECK (user_modified IN (0, 1))
) STRICT)sql";

const char *const kVersion9[] = {
    kSystemsTable,
    R"sql(CREATE TABLE seed_answers_v9 (
    kind TEXT NOT NULL CHECK (kind IN ('gpu', 'model', 'system')),
    item_id TEXT NOT NULL CHECK (length(item_id) > 0),
    answer TEXT NOT NULL CHECK (answer IN ('added', 'declined')),
    answered_at TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (kind, item_id)
) STRICT)sql",
    "INSERT INTO seed_answers_v9 (kind, item_id, answer, answered_at) "
    "SELECT kind, item_id, answer, answered_at FROM seed_answers",
    "DROP TABLE seed_answers",
    "ALTER TABLE seed_answers_v9 RENAME TO seed_answers",
};

// Version 9 on PostgreSQL: the same table (forEngine rewrites it); the CHECK of seed_answers.kind by its
// name (PostgreSQL names a column's CHECK table_column_check).
const char *const kVersion9PostgreSql[] = {
    kSystemsTable,
    "ALTER TABLE seed_answers DROP CONSTRAINT seed_answers_kind_check",
    "ALTER TABLE seed_answers ADD CONSTRAINT seed_answers_kind_check CHECK (kind IN ('gpu', 'model', "
    "'system'))",
};

// The GPUs and model presets of the version-3 seed (frozen). A catalogue made by an earlier version was
// given all of them when it was built (or, for the presets, when it was upgraded), so the version-4 step
// records them as answered 'added': one the user has deleted since is not offered again as new. Only
// what a newer seed brings is offered.
const char *const kGpusOfVersion3[] = {
    "h100_sxm5_80gb",    "h100_pcie_80gb", "h100_nvl_94gb",  "h200_sxm_141gb", "h200_nvl_141gb",
    "a100_pcie_40gb",    "a100_sxm4_40gb", "a100_sxm4_80gb", "a100_pcie_80gb", "rtx_a6000_48gb",
    "l40s_48gb",         "l40_48gb",       "l4_24gb",        "a10_24gb",       "a40_48gb",
    "rtx_6000_ada_48gb", "rtx_4090_24gb",  "rtx_3090_24gb",  "b200_sxm_180gb", "gh200_144gb",
    "mi300x_192gb",      "mi325x_256gb",
};

const char *const kModelsOfVersion3[] = {
    "llama-2-7b",      "llama-2-13b",    "llama-2-70b",   "llama-3-8b", "llama-3-70b",  "llama-3.1-8b",
    "llama-3.1-70b",   "llama-3.1-405b", "llama-3.3-70b", "mistral-7b", "mixtral-8x7b", "mixtral-8x22b",
    "gpt-j-6b",        "gpt-3-175b",     "gpt-3-5b",      "gpt-3-20b",  "qwen2.5-7b",   "qwen2.5-72b",
    "deepseek-v3",     "mpt-125m",       "mpt-350m",      "mpt-760m",   "mpt-1b",       "mpt-3b",
    "mpt-7b",          "mpt-13b",        "mpt-30b",       "mpt-70b",    "nemotron-8b",  "nemotron-22b",
    "nemotron-4-340b", "bert-large",     "resnet-50",     "sdxl",
};

template <std::size_t N> QString answeredAdded(const char *kind, const char *const (&ids)[N])
{
    QStringList rows;
    for (const char *id : ids)
        rows << QStringLiteral("('%1', '%2', 'added')").arg(QLatin1String(kind), QLatin1String(id));
    return QStringLiteral("INSERT OR IGNORE INTO seed_answers (kind, item_id, answer) VALUES ") +
           rows.join(QStringLiteral(", "));
}

template <std::size_t N> QStringList toList(const char *const (&statements)[N])
{
    QStringList list;
    for (const char *statement : statements)
        list << QString::fromUtf8(statement);
    return list;
}

// The steps whose statements are the same text for both engines (forEngine rewrites them).
QStringList stepStatements(int version)
{
    switch (version) {
    case 2:
        return toList(kVersion2);
    case 3:
        return toList(kVersion3);
    case 4:
        return toList(kVersion4) << answeredAdded("gpu", kGpusOfVersion3)
                                 << answeredAdded("model", kModelsOfVersion3);
    case 5:
        return toList(kVersion5);
    case 6:
        return toList(kVersion6);
    case 7:
        // Version 7: the bundled training runs at scale are measurements of the catalogue (no schema
        // change; Catalogue::upgrade adds the rows in this step, SeedCatalogue::addMissingTrainingRuns).
        return {};
    case 8:
        return toList(kVersion8);
    default:
        return {};
    }
}

} // namespace

namespace CatalogueSchema {

Engine engineOf(const QSqlDatabase &database)
{
    return database.driverName() == QLatin1String("QPSQL") ? Engine::PostgreSQL : Engine::SQLite;
}

QString forEngine(const QString &statement, Engine engine)
{
    if (engine == Engine::SQLite)
        return statement;
    QString result = statement.trimmed();
    if (result.startsWith(QLatin1String("PRAGMA "), Qt::CaseInsensitive))
        return {};
    const QLatin1String orIgnore("INSERT OR IGNORE INTO ");
    if (result.startsWith(orIgnore, Qt::CaseInsensitive))
        return QStringLiteral("INSERT INTO ") + result.mid(orIgnore.size()) +
               QStringLiteral(" ON CONFLICT DO NOTHING");
    if (result.startsWith(QLatin1String("CREATE TABLE "), Qt::CaseInsensitive) ||
        result.startsWith(QLatin1String("ALTER TABLE "), Qt::CaseInsensitive)) {
        static const QRegularExpression rowId(QStringLiteral("\\bINTEGER PRIMARY KEY\\b"));
        static const QRegularExpression integer(QStringLiteral("\\bINTEGER\\b"));
        static const QRegularExpression real(QStringLiteral("\\bREAL\\b"));
        static const QRegularExpression blob(QStringLiteral("\\bBLOB\\b"));
        static const QRegularExpression strict(QStringLiteral("\\)\\s*STRICT\\s*$"));
        // SQLite's INTEGER is 64-bit and its REAL a double; PostgreSQL's are 32-bit and a float.
        result.replace(rowId, QStringLiteral("BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"));
        result.replace(integer, QStringLiteral("BIGINT"));
        result.replace(real, QStringLiteral("DOUBLE PRECISION"));
        result.replace(blob, QStringLiteral("BYTEA"));
        result.replace(strict, QStringLiteral(")"));
    }
    return result;
}

QString versionStatement(int version, Engine engine)
{
    // Neither takes a bound parameter here; the value is our own integer.
    return engine == Engine::SQLite
               ? QStringLiteral("PRAGMA user_version = %1").arg(version)
               : QStringLiteral("UPDATE gpucompare_catalogue SET schema_version = %1").arg(version);
}

std::optional<Stamp> readStamp(QSqlDatabase &database, QSqlError *error)
{
    Stamp stamp;
    QSqlQuery query(database);
    const auto failed = [&query, error]() -> std::optional<Stamp> {
        if (error)
            *error = query.lastError();
        return std::nullopt;
    };
    if (engineOf(database) == Engine::SQLite) {
        if (!query.exec(QStringLiteral("PRAGMA application_id")) || !query.next())
            return failed();
        stamp.applicationId = query.value(0).toInt();
        if (!query.exec(QStringLiteral("PRAGMA user_version")) || !query.next())
            return failed();
        stamp.version = query.value(0).toInt();
        if (!query.exec(QStringLiteral("SELECT count(*) FROM sqlite_master")) || !query.next())
            return failed();
        stamp.empty = query.value(0).toLongLong() == 0;
        return stamp;
    }
    // The tables, views and sequences of the schema the login works in (its search_path's first).
    if (!query.exec(
            QStringLiteral("SELECT count(*), count(*) FILTER (WHERE c.relname = 'gpucompare_catalogue') "
                           "FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n "
                           "ON n.oid = c.relnamespace WHERE n.nspname = current_schema() "
                           "AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')")) ||
        !query.next())
        return failed();
    stamp.empty = query.value(0).toLongLong() == 0;
    if (query.value(1).toLongLong() == 0)
        return stamp;
    if (!query.exec(QStringLiteral("SELECT application_id, schema_version FROM gpucompare_catalogue")))
        return failed();
    if (query.next()) {
        stamp.applicationId = query.value(0).toInt();
        stamp.version = query.value(1).toInt();
    }
    return stamp;
}

QStringList migrationStatements(int version, Engine engine)
{
    QStringList statements;
    switch (version) {
    case 1:
        statements = toList(kVersion1);
        if (engine == Engine::SQLite)
            statements << QStringLiteral("PRAGMA application_id = %1").arg(kApplicationId);
        else
            statements << QStringLiteral(
                              "CREATE TABLE gpucompare_catalogue (application_id INTEGER NOT NULL, "
                              "schema_version INTEGER NOT NULL)")
                       << QStringLiteral("INSERT INTO gpucompare_catalogue (application_id, schema_version) "
                                         "VALUES (%1, 0)")
                              .arg(kApplicationId);
        break;
    case 5:
        statements = engine == Engine::SQLite ? toList(kVersion5) : toList(kVersion5PostgreSql);
        break;
    case 9:
        statements = engine == Engine::SQLite ? toList(kVersion9) : toList(kVersion9PostgreSql);
        break;
    default:
        statements = stepStatements(version);
        break;
    }
    QStringList result;
    for (const QString &statement : std::as_const(statements))
        if (const QString rewritten = forEngine(statement, engine); !rewritten.isEmpty())
            result << rewritten;
    return result;
}

QStringList seedIdsOfVersion3(SeedKind kind)
{
    QStringList ids;
    if (kind == SeedKind::Gpu)
        for (const char *id : kGpusOfVersion3)
            ids << QString::fromLatin1(id);
    else
        for (const char *id : kModelsOfVersion3)
            ids << QString::fromLatin1(id);
    return ids;
}

CatalogueError migrate(QSqlDatabase &database, int fromVersion, const StepAddition &inLastStep)
{
    // Every step in one transaction with the last step's addition: a kill between steps left a catalogue
    // at an intermediate version, which the next open finished without what only the whole upgrade adds
    // (the presets of a catalogue from before version 3).
    // On PostgreSQL DDL is transactional too: the steps commit together or not at all.
    WriteTransaction transaction(database);
    if (auto error = transaction.begin())
        return error;
    QSqlQuery query(database);
    const Engine engine = engineOf(database);
    for (int version = fromVersion + 1; version <= kCurrentVersion; ++version) {
        QStringList statements = migrationStatements(version, engine);
        statements << versionStatement(version, engine);
        for (const QString &statement : statements) {
            if (!query.exec(statement))
                return SqliteFailure::toError(
                    query.lastError(), QStringLiteral("migration to schema version %1 failed").arg(version),
                    database.databaseName());
        }
    }
    query.finish();
    if (inLastStep)
        if (CatalogueError error = inLastStep(database))
            return CatalogueError::make(error.kind,
                                        QStringLiteral("migration to schema version %1 failed: %2")
                                            .arg(kCurrentVersion)
                                            .arg(error.message));
    return transaction.commit();
}

} // namespace CatalogueSchema
