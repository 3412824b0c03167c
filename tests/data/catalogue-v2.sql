-- A GPU Compare catalogue at schema version 2 (rental prices, models and profiles; before
-- gpus_per_node), frozen as a fixture for the migration test. Generated once from the version-1
-- fixture plus CatalogueSchema's version-2 statements and five rows: three seed rows the user never
-- changed (user_modified 0), one seed row the user edited and one of the user's own; never regenerate
-- it from newer code.
PRAGMA application_id = 1196442453;
PRAGMA user_version = 2;
CREATE TABLE benchmarks (
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
) STRICT;
INSERT INTO benchmarks VALUES(1,'my-bench','','h100_sxm5_80gb','',1,'','Llama-3-8B','','','','','','','decode tokens/s',150.5,'tokens/s',NULL,'','','my notebook','','',1,0);
CREATE TABLE gpus (
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
, usd_per_gpu_hour REAL CHECK (usd_per_gpu_hour >= 0), usd_per_gpu_hour_note TEXT NOT NULL DEFAULT '') STRICT;
INSERT INTO gpus VALUES(1,'h100_sxm5_80gb','NVIDIA','H100','SXM5 80GB','Hopper','',2022,'','',NULL,'',NULL,'',NULL,NULL,NULL,NULL,NULL,989.4,1979.0,NULL,NULL,NULL,NULL,NULL,NULL,'','',80.0,'HBM3',NULL,3350.0,700.0,'up to 700 (configurable)','nvlink-switch','',NULL,5,'',NULL,'','',NULL,'','https://www.nvidia.com/en-us/data-center/h100/','','','',1,0,2.99,'on-demand estimate');
INSERT INTO gpus VALUES(2,'rtx_a6000_48gb','NVIDIA','RTX A6000','48GB','Ampere','',NULL,'','',NULL,'',NULL,'',NULL,NULL,NULL,NULL,NULL,154.8,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'','',48.0,'GDDR6',NULL,NULL,NULL,'','nvlink-bridge','',NULL,NULL,'',NULL,'','',NULL,'','','','','',1,0,NULL,'');
INSERT INTO gpus VALUES(3,'gh200_144gb','NVIDIA','GH200 Grace Hopper Superchip','144GB HBM3e (GPU part)','Hopper (+Grace CPU)','',NULL,'','',NULL,'',NULL,'',NULL,NULL,NULL,NULL,NULL,989.4,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'','',144.0,'HBM3e (+480GB LPDDR5X on CPU)',NULL,NULL,NULL,'','nvlink-switch','',NULL,NULL,'',NULL,'','',NULL,'','','','','',1,0,NULL,'');
INSERT INTO gpus VALUES(4,'l4_24gb','NVIDIA','L4','24GB','Ada Lovelace','',NULL,'','',NULL,'',NULL,'',NULL,NULL,NULL,NULL,NULL,121.0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'','',24.0,'GDDR6',NULL,NULL,NULL,'','none','',NULL,NULL,'',NULL,'','',NULL,'','','','','',2,1,0.42,'my price');
INSERT INTO gpus VALUES(5,'my_lab_card','Acme','Lab card','prototype','','',NULL,'','',NULL,'',NULL,'',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'','',12.5,'',NULL,NULL,NULL,'','none','',NULL,NULL,'',NULL,'','',NULL,'','','','','added by the user; FP64 unknown',3,1,NULL,'');
CREATE TABLE models (
    id INTEGER PRIMARY KEY,
    model_id TEXT NOT NULL CHECK (length(model_id) > 0) UNIQUE,
    name TEXT NOT NULL DEFAULT '',
    config_json TEXT NOT NULL,
    source TEXT NOT NULL DEFAULT '',
    revision INTEGER NOT NULL DEFAULT 1,
    user_modified INTEGER NOT NULL DEFAULT 0 CHECK (user_modified IN (0, 1))
) STRICT;
CREATE TABLE profiles (
    id INTEGER PRIMARY KEY,
    profile_id TEXT NOT NULL CHECK (length(profile_id) > 0) UNIQUE,
    name TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    parameters_json TEXT NOT NULL,
    calibration TEXT NOT NULL DEFAULT '',
    revision INTEGER NOT NULL DEFAULT 1,
    user_modified INTEGER NOT NULL DEFAULT 0 CHECK (user_modified IN (0, 1))
) STRICT;
CREATE INDEX benchmarks_by_gpu ON benchmarks (gpu_id);
