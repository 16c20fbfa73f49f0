/* SPDX-License-Identifier: MIT */
/*
 * msg: the UI strings every document kind prints (a run report, `plot`, `trace
 * plot`, a lineup): their ids, one X-macro list each for the run's documents and
 * the lineup, and their loading for a language from its one file,
 * templates/i18n/<lang>.xml; and the two helpers for texts made of them.
 */
#ifndef SB_MSG_H
#define SB_MSG_H

#include <stddef.h>

#include "diag.h"
#include "i18n.h"

/*
 * The report's UI strings: the enum and each one's id in templates/i18n/<lang>.xml,
 * from this one list (a new string is a row here and a <string> in each language).
 */
#define REPORT_MSGS(X) \
	X(M_TIME,           "time") \
	X(M_TIME_MIN,       "time-min") \
	X(M_TIME_H,         "time-h") \
	X(M_READ,           "read") \
	X(M_WRITE,          "write") \
	X(M_TRIM,           "trim") \
	X(M_SUMMARY,        "summary") \
	X(M_SUMMARY_SUB,    "summary-sub") \
	X(M_REPORT,         "report") \
	X(M_TARGET,         "target") \
	X(M_STARTED,        "started") \
	X(M_ENDED,          "ended") \
	X(M_STATUS,         "status") \
	X(M_HOST,           "host") \
	X(M_CPU,            "cpu") \
	X(M_KERNEL,         "kernel") \
	X(M_RUN,            "run") \
	X(M_PLATFORM,       "platform") \
	X(M_SOFTWARE,       "software") \
	X(M_STEPS,          "steps") \
	X(M_STEP,           "step") \
	X(M_PATTERN,        "pattern") \
	X(M_RMBS,           "rmbs") \
	X(M_WMBS,           "wmbs") \
	X(M_MEAN,           "mean") \
	X(M_P999,           "p999") \
	X(M_CONTINUED,      "continued") \
	X(M_NO_SAMPLES,     "no-samples") \
	X(M_SWEEP,          "sweep") \
	X(M_SWEEP_SUB,      "sweep-sub") \
	X(M_QD,             "qd") \
	X(M_DISPERSION,     "dispersion") \
	X(M_DISPERSION_SUB, "dispersion-sub") \
	X(M_DRIVE,          "drive") \
	X(M_PLAN,           "plan") \
	X(M_CONVERGENCE,    "convergence") \
	X(M_ROUND,          "round") \
	X(M_WINDOW,         "window") \
	X(M_AVERAGE,        "average") \
	X(M_BAND,           "band") \
	X(M_FIT,            "fit") \
	X(M_STEADY_AT,      "steady-at") \
	X(M_NOT_REACHED,    "not-reached") \
	X(M_EXCURSIONS,     "excursions") \
	X(M_WRITTEN_TITLE,  "written") \
	X(M_WRITTEN_SUB,    "written-sub") \
	X(M_PCT_WRITTEN,    "pct-written") \
	X(M_GB_WRITTEN,     "gb-written") \
	X(M_SCOPE_TIME,     "scope-time") \
	X(M_MATRIX,         "matrix") \
	X(M_MATRIX_SUB,     "matrix-sub") \
	X(M_MATRIX_LAST,    "matrix-last") \
	X(M_BS,             "bs") \
	X(M_IOPS_BS,        "iops-bs") \
	X(M_IOPS_BS_SUB,    "iops-bs-sub") \
	X(M_IOPS_3D,        "iops-3d") \
	X(M_IOPS_3D_SUB,    "iops-3d-sub") \
	X(M_QOS,            "qos") \
	X(M_QOS_SUB,        "qos-sub") \
	X(M_LATENCY,        "latency") \
	X(M_PERCENTILE,     "percentile") \
	X(M_HIST,           "hist") \
	X(M_HIST_SUB,       "hist-sub") \
	X(M_PCT_IOS,        "pct-ios") \
	X(M_TEMP,           "temp") \
	X(M_ROUNDS_OF,      "rounds-of") \
	X(M_PASSES_SUB, "r-passes-sub") \
	X(M_DATA,           "data") \
	X(M_WCACHE,         "write-cache") \
	X(M_WC_ON,          "wc-on") \
	X(M_WC_OFF,         "wc-off") \
	X(M_WC_UNKNOWN,     "wc-unknown") \
	X(M_WC_NA,          "wc-na") \
	X(M_RESPONSE,       "response") \
	 \
	X(M_LAT_ART,        "lat-art") \
	X(M_LAT_MRT,        "lat-mrt") \
	X(M_LAT_ART_SUB,    "lat-art-sub") \
	X(M_LAT_MRT_SUB,    "lat-mrt-sub") \
	X(M_LAT_NOT_STEADY, "lat-not-steady") \
	X(M_LAT_ART_AXIS,   "lat-art-axis") \
	X(M_LAT_MRT_AXIS,   "lat-mrt-axis") \
	X(M_LAT_BS,         "lat-bs") \
	X(M_LAT_3D,         "lat-3d") \
	X(M_TP_TABLE,       "tp-table") \
	X(M_TP_SUB,         "tp-sub") \
	X(M_TP_BS,          "tp-bs") \
	X(M_TP_BS_SUB,      "tp-bs-sub") \
	X(M_TP_ROUNDS,      "tp-rounds") \
	 \
	X(M_WSAT_TIME,      "wsat-time") \
	X(M_WSAT_TGBW,      "wsat-tgbw") \
	X(M_WSAT_TGBW_LOG,  "wsat-tgbw-log") \
	X(M_WSAT_RESP,      "wsat-resp") \
	X(M_WSAT_SUB,       "wsat-sub") \
	X(M_WSAT_MAX_BOUND, "wsat-max-bound") \
	X(M_TGBW,           "tgbw") \
	X(M_TGBW_LOG,       "tgbw-log") \
	X(M_TGBW_LAST,      "tgbw-last") \
	X(M_P99999,         "p99999") \
	X(M_MAXIMUM,        "maximum") \
	X(M_HIR,            "hir") \
	X(M_HIR_SUB,        "hir-sub") \
	X(M_BASELINE,       "baseline") \
	X(M_STEADY_AVG,     "steady-avg") \
	X(M_HIR_TABLE,      "hir-table") \
	X(M_HIR_TABLE_SUB,  "hir-table-sub") \
	X(M_WAIT_STATE,     "wait-state") \
	X(M_ACCESS_PERIODS, "access-periods") \
	X(M_MEAN_IOPS,      "mean-iops") \
	X(M_BASELINE_IOPS,  "baseline-iops") \
 \
	X(M_CONS,           "consistency") \
	X(M_CONS_SUB,       "consistency-sub") \
	X(M_CONS_AVG,       "cons-avg") \
	X(M_CONS_P999,      "cons-p999") \
	X(M_CONS_SCORE,     "cons-score") \
	X(M_CONS_AVG_SD,    "cons-avg-sd") \
	X(M_CONS_SD,        "cons-sd") \
	X(M_CONS_SD_LAST,   "cons-sd-last") \
	X(M_CONS_CAPTION,   "cons-caption") \
	X(M_CONS_CAPTION_STEP, "cons-caption-step") \
	X(M_CONS_MIN_LINE,  "cons-min-line") \
	X(M_CONS_MIN_NOTE,  "cons-min-note") \
	X(M_CONS_ROUNDS,    "cons-rounds") \
 \
	X(M_HDR_TITLE,      "hdr-title") \
	X(M_HDR_DUT,        "hdr-dut") \
	X(M_HDR_SOURCE,     "hdr-source") \
	X(M_HDR_PASSES,     "hdr-passes") \
	X(M_HDR_DUT_VAL,    "hdr-dut-val") \
	X(M_HDR_PURGE,      "hdr-purge") \
	X(M_HDR_PURGE_FILE, "hdr-purge-file") \
	X(M_HDR_NONE,       "hdr-none") \
	X(M_HDR_WCACHE,     "hdr-wcache") \
	X(M_HDR_DATA,       "hdr-data") \
	X(M_HDR_RANGE,      "hdr-range") \
	X(M_HDR_RANGE_VAL,  "hdr-range-val") \
	X(M_HDR_RANGE_NOCAP, "hdr-range-nocap") \
	X(M_HDR_WIPC,       "hdr-wipc") \
	X(M_HDR_TCQD,       "hdr-tcqd") \
	X(M_HDR_SPONSOR,    "hdr-sponsor") \
	X(M_HDR_WIPC_VAL,   "hdr-wipc-val") \
	X(M_HDR_TRACK,      "hdr-track") \
	X(M_HDR_STEADY,     "hdr-steady") \
	X(M_HDR_STEADY_VAL, "hdr-steady-val") \
	X(M_HDR_STEADY_EXC, "hdr-steady-exc") \
	X(M_HDR_PASS,       "hdr-pass") \
	X(M_HDR_FAIL,       "hdr-fail") \
	 \
	X(M_XSR_TP,         "xsr-tp") \
	X(M_XSR_TP_SUB,     "xsr-tp-sub") \
	X(M_XSR_MBS,        "xsr-mbs") \
	X(M_XSR_RESP,       "xsr-resp") \
	X(M_XSR_RESP_SUB,   "xsr-resp-sub") \
	X(M_XSR_RESP_MS,    "xsr-resp-ms") \
	X(M_XSR_TABLE,      "xsr-table") \
	X(M_XSR_TABLE_SUB,  "xsr-table-sub") \
	X(M_XSR_GROUP,      "xsr-group") \
	X(M_XSR_SAMPLES,    "xsr-samples") \
	X(M_XSR_MEAN_TP,    "xsr-mean-tp") \
	X(M_XSR_PEAK_ART,   "xsr-peak-art") \
	X(M_XSR_PEAK_MRT,   "xsr-peak-mrt") \
	X(M_XSR_RECOVERY,   "xsr-recovery") \
	X(M_XSR_NOT_RECOVERED, "xsr-not-recovered") \
	X(M_DV,             "dv") \
	X(M_DV_SUB,         "dv-sub") \
	X(M_DI,             "di") \
	X(M_DI_SUB,         "di-sub") \
	X(M_DI_TC,          "di-tc") \
	X(M_DI_ART,         "di-art") \
	X(M_DI_IOPS_TABLE,  "di-iops-table") \
	X(M_DI_ART_TABLE,   "di-art-table") \
	X(M_DI_TABLE_SUB,   "di-table-sub") \
	X(M_DI_HIST,        "di-hist") \
	X(M_DI_ALL_IOS,     "di-all-ios") \
	X(M_ACC_BS,         "acc-bs") \
	X(M_ACC_BS_SUB,     "acc-bs-sub") \
	X(M_ACC_BSSPLIT,    "acc-bssplit") \
	X(M_ACC_SHARE,      "acc-share") \
	X(M_ACC_ZONES,      "acc-zones") \
	X(M_ACC_ZONES_SUB,  "acc-zones-sub") \
	X(M_ACC_LBA,        "acc-lba") \
 \
	X(M_TRACE_LBA,      "trace-lba") \
	X(M_TRACE_OFFSET,   "trace-offset") \
	X(M_TRACE_SIZES,    "trace-sizes") \
	X(M_TRACE_SIZES_SUB, "trace-sizes-sub") \
	X(M_TRACE_REQUESTS, "trace-requests") \
	X(M_TRACE_QD,       "trace-qd") \
	X(M_TRACE_QD_SUB,   "trace-qd-sub") \
	X(M_TRACE_INFLIGHT, "trace-in-flight") \
	X(M_TRACE_NO_QD,    "trace-no-qd") \
 \
	X(M_HDR_DUT_FILE,   "hdr-dut-file") \
	X(M_HDR_IFACE,      "hdr-interface") \
	X(M_HDR_OS,         "hdr-os") \
	X(M_HDR_RAM,        "hdr-ram") \
	X(M_READ_HOLES,     "read-holes") \
	X(M_HDR_BOARD,      "hdr-board") \
	X(M_HDR_BOARD_UNKNOWN, "hdr-board-unknown") \
	X(M_HDR_BIOS,       "hdr-bios") \
	X(M_HDR_PLAN_SHA,   "hdr-plan-sha") \
	X(M_HDR_PURGE_TOOK, "hdr-purge-took") \
 \
	X(M_SWEEP_MBPS,     "sweep-mbps") \
	X(M_SWEEP_MBPS_SUB, "sweep-mbps-sub") \
	X(M_SWEEP_LAT,      "sweep-lat") \
	X(M_SWEEP_LAT_SUB,  "sweep-lat-sub") \
	X(M_SWEEP_LAT_Y,    "sweep-lat-y") \
 \
	X(M_RP_MBPS,        "rp-mbps") \
	X(M_RP_ACCESS,      "rp-access") \
	X(M_RP_BARS_SUB,    "rp-bars-sub") \
	X(M_RP_TRACE,       "rp-trace") \
	X(M_RP_ACCESS_US,   "rp-access-us") \
	X(M_RP_IOS,         "rp-ios") \
	X(M_RP_FIT,         "rp-fit") \
	X(M_RP_TABLE,       "rp-table") \
	X(M_RP_TABLE_SUB,   "rp-table-sub") \
	X(M_RP_GEOMEAN,     "rp-geomean") \
	X(M_RP_DELTA,       "rp-delta") \
	X(M_RP_DELTA_SUB,   "rp-delta-sub") \
	X(M_COL_MBPS,       "col-mbps") \
	X(M_COL_US,         "col-us") \
	X(M_MBPS_AXIS, "mbps-axis") \
	X(M_COL_IOPS, "col-iops") \
	X(M_CARD, "card") \
	X(M_CARD_SUB, "card-sub") \
	X(M_CARD_GRID_SUB, "card-grid-sub") \
	X(M_RP_DIST,        "rp-dist") \
	X(M_RP_DIST_SUB,    "rp-dist-sub") \
	X(M_AFTER_PURGE, "after-purge") \
	X(M_AFTER_FILL, "after-fill") \
	X(M_AFTER_STEADY, "after-steady") \
	X(M_AFTER_ROUNDS, "after-rounds") \
	X(M_AFTER_IDLE, "after-idle") \
	X(M_STEP_N, "step-n") \
	X(M_RP_SUITE_N, "rp-suite-n") \
	X(M_RP_SUITE_OF, "rp-suite-of") \
	X(M_RP_SCORE, "rp-score") \
	X(M_RP_SCORE_SUB, "rp-score-sub") \
	X(M_RP_FIT_NONE, "rp-fit-none") \
	X(M_RP_FIT_SCALE, "rp-fit-scale") \
	X(W_REPLAY, "w-replay") \
	X(W_TRACE, "w-trace") \
	/* ssdbench plot */ \
	X(M_PLOT_VALUE,     "plot-value") \
	X(M_PLOT_LAT,       "plot-lat") \
	X(M_PLOT_CLAT,      "plot-clat") \
	X(M_PLOT_SLAT,      "plot-slat") \
	X(M_PLOT_MBS,       "plot-mbs") \
	X(M_PLOT_DELTA,     "plot-delta") \
	X(M_PLOT_DELTA_SUB, "plot-delta-sub") \
	X(M_PLOT_RIOPS,     "plot-riops") \
	X(M_PLOT_WIOPS,     "plot-wiops") \
	X(M_PLOT_MEAN_US,   "plot-mean-us") \
	X(M_PLOT_P99_US,    "plot-p99-us") \
	X(M_PLOT_P999_US,   "plot-p999-us") \
 \
	X(M_X_SUMMARY,      "x-summary") \
	X(M_X_RESULTS,      "x-results") \
	X(M_X_TARGET,       "x-target") \
	X(M_X_FIRMWARE,     "x-firmware") \
	X(M_X_SERIAL,       "x-serial") \
	X(M_X_CAPACITY,     "x-capacity") \
	X(M_X_RIOPS,        "x-riops") \
	X(M_X_WIOPS,        "x-wiops") \
	X(M_X_TIOPS,        "x-tiops") \
	X(M_X_RLAT,         "x-rlat") \
	X(M_X_WLAT,         "x-wlat") \
	X(M_X_PCT,          "x-pct") \
 \
	X(M_H_ALT,          "html-alt") \
	X(M_H_SVG,          "html-svg") \
	X(M_H_DESC_BARS, "html-desc-bars") \
	X(M_H_DESC_LINES, "html-desc-lines") \
	X(M_H_FACTS,        "html-facts") \
	X(M_H_CHARTS,       "html-charts")

/*
 * The lineup report's (ssdbench compare), in the same files: each id is "lineup-"
 * and the string's name there.
 */
#define LINEUP_MSGS(X) \
	X(S_LINEUP,     "lineup-lineup") \
	X(S_DRIVES,     "lineup-drives") \
	X(S_BASELINE,   "lineup-baseline") \
	X(S_ARCHIVE,    "lineup-archive") \
	X(S_PLAN,       "lineup-plan") \
	X(S_TARGET,     "lineup-target") \
	X(S_LEFT_OUT,   "lineup-left-out") \
	X(S_NONE,       "lineup-none") \
	X(S_IOPS,       "lineup-iops") \
	X(S_MBPS,       "lineup-mbps") \
	X(S_LAT_MEAN,   "lineup-lat-mean") \
	X(S_LAT_P999,   "lineup-lat-p999") \
	X(S_DELTA,      "lineup-delta") \
	X(S_DELTA_SUB,  "lineup-delta-sub") \
	X(S_HIGHER,     "lineup-higher") \
	X(S_LOWER,      "lineup-lower") \
	X(S_DISPERSION, "lineup-dispersion") \
	X(S_DISPERSION_SUB, "lineup-dispersion-sub") \
	X(S_TIME,       "lineup-time") \
	X(S_QOS,        "lineup-qos") \
	X(S_QOS_SUB,    "lineup-qos-sub") \
	X(S_QOS_Y,      "lineup-qos-y") \
	X(S_LATENCY,    "lineup-latency") \
	X(S_SWEEP,      "lineup-sweep") \
	X(S_QD,         "lineup-qd") \
	X(S_SATURATION, "lineup-saturation") \
	X(S_WRITTEN,    "lineup-written") \
	X(S_TEST,       "lineup-test") \
	X(S_TESTS_SUB,  "lineup-tests-sub") \
	X(S_SCOPES,     "lineup-scopes") \
	X(S_SCOPE,      "lineup-scope") \
	X(S_LEFT_OUT_BY, "lineup-left-out-by") \
	X(S_DISPERSION_SUB_BY, "lineup-dispersion-sub-by") \
	X(S_TESTS_SUB_BY, "lineup-tests-sub-by") \
	X(S_TESTS_SUB_ALL, "lineup-tests-sub-all") \
	X(S_TESTS_SUB_ALL_BY, "lineup-tests-sub-all-by") \
	X(S_PLANS_DIFFER, "lineup-plans-differ") \
	X(S_RESPONSE,   "lineup-response") \
 \
	X(S_CONS,       "lineup-consistency") \
	X(S_CONS_SUB,   "lineup-consistency-sub") \
	X(S_CONS_AVG,   "lineup-cons-avg") \
	X(S_CONS_P999,  "lineup-cons-p999") \
	X(S_CONS_SCORE, "lineup-cons-score") \
	X(S_CONS_AVG_SD, "lineup-cons-avg-sd") \
	X(S_CONS_SD,    "lineup-cons-sd") \
	X(S_CONS_SD_LAST, "lineup-cons-sd-last") \
 \
	X(S_PARAMS,     "lineup-params-differ") \
	X(S_PARAMS_SUB, "lineup-params-differ-sub") \
	X(S_PARAMETER,  "lineup-parameter") \
	X(S_UNKNOWN,    "lineup-unknown") \
	X(S_MARK_NOTE,  "lineup-mark-note") \
	X(S_NOISE_NOTE, "lineup-noise-note") \
	X(S_NOISE_NONE, "lineup-noise-none") \
	X(S_PASSES, "lineup-passes") \
	X(S_PASSES_SUB, "lineup-passes-sub") \
	X(S_PASSES_N, "lineup-passes-n") \
	X(S_PASSES_REQ, "lineup-passes-requested") \
	X(S_PASSES_BETWEEN, "lineup-passes-between") \
	X(S_PASSES_PURGE, "lineup-passes-purge") \
	X(S_PASSES_NONE, "lineup-passes-none") \
	X(S_PASSES_POOL, "lineup-passes-pool") \
	X(S_PASSES_TARGET, "lineup-passes-target") \
	X(S_PASSES_MET, "lineup-passes-met") \
	X(S_PASSES_NOT_MET, "lineup-passes-not-met") \
	X(S_PASSES_WIDEST, "lineup-passes-widest") \
	X(S_PASSES_STOPPED, "lineup-passes-stopped") \
	X(S_PASSES_EACH, "lineup-passes-each") \
	X(S_PASSES_EACH_SUB, "lineup-passes-each-sub") \
	X(S_PASS_K, "lineup-pass-k") \
	X(S_MEAN_CI, "lineup-mean-ci") \
	X(S_SD, "lineup-sd") \
	X(S_CV, "lineup-cv") \
	X(S_RANGE, "lineup-range") \
	X(S_PASSES_DRIFT, "lineup-passes-drift") \
	X(S_PASSES_DRIFT_SUB, "lineup-passes-drift-sub") \
	X(S_PASS, "lineup-pass") \
	X(S_PCT_MEAN, "lineup-pct-of-mean") \
	X(S_DIFFERS,    "lineup-differs") \
	X(S_P_RW,       "lineup-p-rw") \
	X(S_P_BS,       "lineup-p-bs") \
	X(S_P_QD,       "lineup-p-qd") \
	X(S_P_JOBS,     "lineup-p-jobs") \
	X(S_P_MIX,      "lineup-p-mix") \
	X(S_P_RUNTIME,  "lineup-p-runtime") \
	X(S_P_RANGE,    "lineup-p-range") \
	X(S_P_DATA,     "lineup-p-data") \
	X(S_P_ENGINE,   "lineup-p-engine") \
 \
	X(S_NCOLUMNS,   "lineup-ncolumns") \
	X(S_H_ALT,      "lineup-html-alt") \
	X(S_H_SVG,      "lineup-html-svg")

/*
 * The reviewer wording of access patterns, step kinds and sweep values
 * (report/model/wording.c; "{}" stands for the value), in the same files.
 */
#define WORDING_MSGS(X) \
	X(W_READ,       "w-read") \
	X(W_WRITE,      "w-write") \
	X(W_RANDREAD,   "w-randread") \
	X(W_RANDWRITE,  "w-randwrite") \
	X(W_SEQMIX,     "w-seq-mix") \
	X(W_RANDMIX,    "w-rand-mix") \
	X(W_TRIM,       "w-trim") \
	X(W_RANDTRIM,   "w-randtrim") \
	X(W_TRIMWRITE,  "w-trimwrite") \
	X(W_FILL,       "w-fill") \
	X(W_PROBE,      "w-probe") \
	X(W_OP,         "w-op") \
	X(W_BEFORE,     "w-before-fill") \
	X(W_AFTER,      "w-after-fill") \
	X(W_STEADY,     "w-steady") \
	X(W_PHASE,      "w-phase") \
	X(W_QD,         "w-qd") \
	X(W_THREADS,    "w-threads") \
	X(W_BS,         "w-bs") \
	X(W_MIXREAD,    "w-mix-read") \
	X(W_RW,         "w-rw") \
	X(W_ST_OK, "w-st-ok") \
	X(W_ST_COMPLETE, "w-st-complete") \
	X(W_ST_FAILED, "w-st-failed") \
	X(W_ST_RUNNING, "w-st-running") \
	X(W_ST_SKIPPED, "w-st-skipped") \
	X(W_ST_PENDING, "w-st-pending") \
	X(W_ST_INTERRUPTED, "w-st-interrupted") \
	X(W_ST_STEADY, "w-st-steady") \
	X(W_ST_NOT_REACHED, "w-st-not-reached") \
	X(W_ST_WRITTEN, "w-st-written") \
	X(W_ST_TIME, "w-st-time") \
	X(W_ST_MAX, "w-st-max") \
	X(W_DATA_RANDOM, "w-data-random") \
	X(W_DATA_ZERO, "w-data-zero") \
	X(W_DATA_COMPRESSIBLE, "w-data-compressible") \
	X(W_TARGET_FILE, "w-target-file") \
	X(W_ON_HOST, "w-on-host") \
	X(W_TARGET_DEVICE, "w-target-device") \
	X(W_T_SERIAL, "w-t-serial") \
	X(W_T_FIRMWARE, "w-t-firmware") \
	X(W_T_OVER, "w-t-over") \
	X(W_T_NOPROBE, "w-t-noprobe") \
	X(W_T_TOGETHER, "w-t-together") \
	X(W_T_CHUNK, "w-t-chunk") \
	X(W_TARGET_IMPORTED, "w-target-imported") \
	X(W_T_FIO_REPORTS, "w-t-fio-reports") \
	X(W_T_FIO_REPORT, "w-t-fio-report") \
	X(W_IMPORTED_TITLE, "w-imported-title") \
	X(W_K_OP, "w-k-op") \
	X(W_K_TRACE, "w-k-trace") \
	X(W_K_WAIT, "w-k-wait") \
	X(W_K_PHASE, "w-k-phase") \
	X(W_K_QD, "w-k-qd") \
	X(W_K_THREADS, "w-k-threads") \
	X(W_K_BS, "w-k-bs") \
	X(W_K_MIX, "w-k-mix") \
	X(W_K_RW, "w-k-rw") \
	X(W_IOENGINE, "w-ioengine") \
	X(W_C_INDEX, "c-index") \
	X(W_C_KIND, "c-kind") \
	X(W_C_SCOPE, "c-scope") \
	X(W_C_CELL, "c-cell") \
	X(W_C_BS, "c-bs") \
	X(W_C_QD, "c-qd") \
	X(W_C_T, "c-t") \
	X(W_C_MIX, "c-mix") \
	X(W_C_DIR, "c-dir") \
	X(W_C_CLAT, "c-clat") \
	X(W_C_LAT, "c-lat") \
	X(W_C_AVG, "c-avg") \
	X(W_C_MAX, "c-max") \
	X(W_C_MIN, "c-min") \
	X(W_C_IOPS_AVG, "c-iops-avg") \
	X(W_C_IOPS_SD, "c-iops-sd") \
	X(W_C_IOPS_AVGSD, "c-iops-avgsd") \
	X(W_C_IOPS_SD60, "c-iops-sd60") \
	X(W_C_IOPS_MIN, "c-iops-min") \
	X(W_C_IOPS_MAX, "c-iops-max") \
	X(W_C_IOPS_SLOW, "c-iops-slow") \
	X(W_C_DM, "c-dm") \
	X(W_C_WB, "c-wb") \
	X(W_C_WA, "c-wa") \
	X(W_C_CAPW, "c-capw") \
	X(W_C_HOLES, "c-holes") \
	X(W_C_SS_METRIC, "c-ss-metric") \
	X(W_C_SS_VALUE, "c-ss-value") \
	X(W_C_SS_FIRST, "c-ss-first") \
	X(W_C_SS_LAST, "c-ss-last") \
	X(W_C_SS_AVG, "c-ss-avg") \
	X(W_C_SS_DEXC, "c-ss-dexc") \
	X(W_C_SS_MDEXC, "c-ss-mdexc") \
	X(W_C_SS_SLOPE, "c-ss-slope") \
	X(W_C_SS_ICPT, "c-ss-icpt") \
	X(W_C_SS_SEXC, "c-ss-sexc") \
	X(W_C_SS_MSEXC, "c-ss-msexc") \
	X(W_C_SS_PASS, "c-ss-pass") \
	X(W_YES, "w-yes") \
	X(W_NO, "w-no") \
	X(W_K_WORKLOAD, "w-k-workload") \
	X(W_K_PRECONDITION, "w-k-precondition") \
	X(W_K_PURGE, "w-k-purge") \
	X(W_K_IDLE, "w-k-idle") \
	X(W_K_PROBE, "w-k-probe") \
	X(W_K_REPLAY, "w-k-replay") \
	X(W_DIR_TOTAL, "w-dir-total") \
	X(W_WAIT, "w-wait") \
	X(W_SEP,        "w-sep") \
	X(W_COLON,      "w-colon") \
	X(W_OPEN,       "w-open") \
	X(W_CLOSE,      "w-close") \
	X(W_PART,       "w-part") \
	X(W_NTH,        "w-nth")

enum msg {
#define REPORT_MSG_ENUM(id, name) id,
	REPORT_MSGS(REPORT_MSG_ENUM)
	LINEUP_MSGS(REPORT_MSG_ENUM)
	WORDING_MSGS(REPORT_MSG_ENUM)
#undef REPORT_MSG_ENUM
	M_N
};

/*
 * Loads the strings of lang ("zh-TW", "zh-CN", "en"; i18n_path() says which file)
 * into *out; i18n_strings(*out) are indexed by enum msg. Returns 0 or a negative
 * SB_E* code with d at FILE:LINE:COL; i18n_free() *out.
 */
int msg_load(struct i18n **out, const char *lang, struct diag *d);
/* s when it has text, else dflt. */
const char *msg_or(const char *s, const char *dflt);
/*
 * tmpl with each "{}" replaced by the next of the n values, in order (string
 * tables are edited by reviewers, so they are never printf formats). Returns a
 * new string; free() it.
 */
char *msg_subst(const char *tmpl, const char *const *values, size_t n);
struct sbuf;
/* msg_subst()'s text appended to sb. */
void msg_add(struct sbuf *sb, const char *tmpl, const char *const *values, size_t n);
/*
 * "a (b)" and "a: b" as s's language writes them (W_OPEN, W_CLOSE, W_COLON):
 * "SSD（基準）", "離散度：4K 隨機寫入". a "" gives the bracketed part alone:
 * " (after fill)", "（填滿後）". Returns a new string.
 */
char *msg_paren(const char *const *s, const char *a, const char *b);
char *msg_colon(const char *const *s, const char *a, const char *b);

#endif
