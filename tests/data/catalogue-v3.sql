-- A GPU Compare catalogue at schema version 3 (gpus_per_node; before FP6, PCI ids and seed_answers),
-- frozen as a fixture for the version-4 migration and the offer of newer seed rows. Generated once from
-- the version-2 fixture plus CatalogueSchema's version-3 statements, the B200 row as the version-3 seed
-- has it (user_modified 0) and three model presets: two bundled ones and one the user edited
-- (user_modified 1). Every other GPU and preset of the version-3 seed is absent, as if the user had
-- deleted them; never regenerate it from newer code.
PRAGMA application_id = 1196442453;
PRAGMA user_version = 3;
PRAGMA foreign_keys=OFF;
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
, usd_per_gpu_hour REAL CHECK (usd_per_gpu_hour >= 0), usd_per_gpu_hour_note TEXT NOT NULL DEFAULT '', gpus_per_node INTEGER CHECK (gpus_per_node >= 1)) STRICT;
INSERT INTO gpus VALUES(1,'h100_sxm5_80gb','NVIDIA','H100','SXM5 80GB','Hopper','',2022,'','',NULL,'',NULL,'',NULL,NULL,NULL,NULL,NULL,989.39999999999997722,1979.0,NULL,NULL,NULL,NULL,NULL,NULL,'','',80.0,'HBM3',NULL,3350.0,700.0,'up to 700 (configurable)','nvlink-switch','',NULL,5,'',NULL,'','',NULL,'','https://www.nvidia.com/en-us/data-center/h100/','','','',1,0,2.9900000000000002131,'on-demand estimate',8);
INSERT INTO gpus VALUES(2,'rtx_a6000_48gb','NVIDIA','RTX A6000','48GB','Ampere','',NULL,'','',NULL,'',NULL,'',NULL,NULL,NULL,NULL,NULL,154.80000000000001136,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'','',48.0,'GDDR6',NULL,NULL,NULL,'','nvlink-bridge','',NULL,NULL,'',NULL,'','',NULL,'','','','','',1,0,NULL,'',4);
INSERT INTO gpus VALUES(3,'gh200_144gb','NVIDIA','GH200 Grace Hopper Superchip','144GB HBM3e (GPU part)','Hopper (+Grace CPU)','',NULL,'','',NULL,'',NULL,'',NULL,NULL,NULL,NULL,NULL,989.39999999999997722,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'','',144.0,'HBM3e (+480GB LPDDR5X on CPU)',NULL,NULL,NULL,'','nvlink-switch','',NULL,NULL,'',NULL,'','',NULL,'','','','','',1,0,NULL,'',2);
INSERT INTO gpus VALUES(4,'l4_24gb','NVIDIA','L4','24GB','Ada Lovelace','',NULL,'','',NULL,'',NULL,'',NULL,NULL,NULL,NULL,NULL,121.0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'','',24.0,'GDDR6',NULL,NULL,NULL,'','none','',NULL,NULL,'',NULL,'','',NULL,'','','','','',2,1,0.41999999999999998445,'my price',NULL);
INSERT INTO gpus VALUES(5,'my_lab_card','Acme','Lab card','prototype','','',NULL,'','',NULL,'',NULL,'',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'','',12.5,'',NULL,NULL,NULL,'','none','',NULL,NULL,'',NULL,'','',NULL,'','','','','added by the user; FP64 unknown',3,1,NULL,'',NULL);
INSERT INTO gpus VALUES(6,'b200_sxm_180gb','NVIDIA','B200','SXM 180GB (HGX B200)','Blackwell','GB100 (2 dies)',2024,'announced 2024-03-18 (GTC); volume shipments late 2024 / 2025','TSMC 4NP',NULL,'not published',1965.0,'~1965 (device-reported max SM clock per stas00 table)',37.0,37.0,75.0,1100.0,2200.0,2250.0,4500.0,4500.0,9000.0,4500.0,9000.0,9000.0,18000.0,'FP32 accumulate','yes (HGX B200 table: FP4 18 PF, FP8 9 PF, FP16 4.5 PF are sparse; dense = half)',180.0,'HBM3e',8192,7700.0,1000.0,'','nvlink-switch','NVLink 5 + NVSwitch',1800.0,5,'PCIe Gen5 x16 to host in HGX/DGX B200 (MLPerf system file)',128.0,'SXM module on HGX B200 8-GPU baseboard','yes, up to 7 instances (~23GB each per NVIDIA HGX table copy)',NULL,'no vendor MSRP','https://www.nvidia.com/en-us/data-center/hgx/ (HGX B200 per-GPU table) ; https://www.nvidia.com/en-us/data-center/gb200-nvl72/ ; DGX B200 datasheet https://resources.nvidia.com/en-us-dgx-systems/dgx-b200-datasheet','copy of NVIDIA spec tables in an indexed public markdown note (search index id 43180238867) (HGX B200 column) ; repo stas00/ml-engineering compute/accelerator/README.md @744d01e (dense TFLOPS + memory tables) ; mlcommons/inference_results_v4.1 closed/NVIDIA/systems/B200-SXM-180GBx1_TRT.json (''B200 TGP 1000W'', 180 GB, PCIe Gen5 x16) ; https://glennklockwood.com/garden/processors/B200 (HGX B200 per GPU: FP6 4500 dense | 9000 sparse) ; https://fibermall.com/blog/?p=17161 (HGX B200 table copy: FP8/FP6 Tensor Core 72 PF sparse for 8 GPUs)','medium','Spec values moved over time: early material said 192GB and 8TB/s, FP64 40 TF, FP32 80 TF (stas00 table uses 80 FP32/1125 TF32/2250 BF16). Current HGX B200 table: 180GB, 7.7TB/s, FP64 37, FP32 75. GB200 (in NVL72) runs faster: 2.5 PF dense FP16, 186GB, 8TB/s, 1200W.',1,0,5.9900000000000002131,'Editable estimate: B200 listings from 5.98 (RunPod spot) to 6.03 (Spheron on-demand) Sources: https://deploybase.ai/articles/runpod-gpu-pricing ; https://www.spheron.network/blog/nvidia-h200-vs-b200-vs-gb200',8);
CREATE TABLE models (
    id INTEGER PRIMARY KEY,
    model_id TEXT NOT NULL CHECK (length(model_id) > 0) UNIQUE,
    name TEXT NOT NULL DEFAULT '',
    config_json TEXT NOT NULL,
    source TEXT NOT NULL DEFAULT '',
    revision INTEGER NOT NULL DEFAULT 1,
    user_modified INTEGER NOT NULL DEFAULT 0 CHECK (user_modified IN (0, 1))
) STRICT;
INSERT INTO models VALUES(1,'llama-3.1-8b','Llama-3.1 8B','{"family":"Llama 3.1","first_k_dense_replace":0,"gated_mlp":true,"gflops_per_sample":null,"head_dim":0,"hidden_size":4096,"intermediate_size":14336,"kind":"decoder","kv_lora_rank":0,"max_position_embeddings":131072,"model_id":"llama-3.1-8b","moe_intermediate_size":0,"n_shared_experts":0,"name":"Llama-3.1 8B","notes":"","num_attention_heads":32,"num_experts_per_tok":0,"num_hidden_layers":32,"num_key_value_heads":8,"num_local_experts":0,"params_billions":null,"q_lora_rank":0,"qk_nope_head_dim":0,"qk_rope_head_dim":0,"sliding_window":0,"source":"https://huggingface.co/meta-llama/Llama-3.1-8B/blob/main/config.json","tie_word_embeddings":false,"v_head_dim":0,"vocab_size":128256}','https://huggingface.co/meta-llama/Llama-3.1-8B/blob/main/config.json',1,0);
INSERT INTO models VALUES(2,'qwen2.5-7b','Qwen2.5 7B','{"family":"Qwen2.5","first_k_dense_replace":0,"gated_mlp":true,"gflops_per_sample":null,"head_dim":0,"hidden_size":3584,"intermediate_size":18944,"kind":"decoder","kv_lora_rank":0,"max_position_embeddings":131072,"model_id":"qwen2.5-7b","moe_intermediate_size":0,"n_shared_experts":0,"name":"Qwen2.5 7B","notes":"max_position_embeddings 131072 (config.json); QKV bias not counted","num_attention_heads":28,"num_experts_per_tok":0,"num_hidden_layers":28,"num_key_value_heads":4,"num_local_experts":0,"params_billions":null,"q_lora_rank":0,"qk_nope_head_dim":0,"qk_rope_head_dim":0,"sliding_window":0,"source":"https://huggingface.co/Qwen/Qwen2.5-7B/blob/main/config.json","tie_word_embeddings":false,"v_head_dim":0,"vocab_size":152064}','https://huggingface.co/Qwen/Qwen2.5-7B/blob/main/config.json',1,0);
INSERT INTO models VALUES(3,'llama-3.1-70b','My Llama 3.1 70B','{"family":"Llama 3.1","first_k_dense_replace":0,"gated_mlp":true,"gflops_per_sample":null,"head_dim":0,"hidden_size":8192,"intermediate_size":28672,"kind":"decoder","kv_lora_rank":0,"max_position_embeddings":131072,"model_id":"llama-3.1-70b","moe_intermediate_size":0,"n_shared_experts":0,"name":"Llama-3.1 70B","notes":"","num_attention_heads":64,"num_experts_per_tok":0,"num_hidden_layers":80,"num_key_value_heads":8,"num_local_experts":0,"params_billions":null,"q_lora_rank":0,"qk_nope_head_dim":0,"qk_rope_head_dim":0,"sliding_window":0,"source":"https://huggingface.co/meta-llama/Llama-3.1-70B/blob/main/config.json","tie_word_embeddings":false,"v_head_dim":0,"vocab_size":128256}','mine',3,1);
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
