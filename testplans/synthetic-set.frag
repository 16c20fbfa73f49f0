<?xml version="1.0" encoding="UTF-8"?>
<!--
  The synthetic set of the over-provisioning consistency review: sequential
  128 KiB at QD32 and random 4 KiB at QD1 and QD32, read then write. Included by
  consistency-op-sweep.xml inside a sweep that binds ${phase} and ${op}.
-->
<fragment>
  <workload name="op${op}-${phase}-seq128k-q32-read"  rw="read"      bs="128KiB" iodepth="32" runtime="${synthetic}"/>
  <workload name="op${op}-${phase}-seq128k-q32-write" rw="write"     bs="128KiB" iodepth="32" runtime="${synthetic}"/>
  <workload name="op${op}-${phase}-rnd4k-q1-read"     rw="randread"  bs="4KiB"   iodepth="1"  runtime="${synthetic}"/>
  <workload name="op${op}-${phase}-rnd4k-q1-write"    rw="randwrite" bs="4KiB"   iodepth="1"  runtime="${synthetic}"/>
  <workload name="op${op}-${phase}-rnd4k-q32-read"    rw="randread"  bs="4KiB"   iodepth="32" runtime="${synthetic}"/>
  <workload name="op${op}-${phase}-rnd4k-q32-write"   rw="randwrite" bs="4KiB"   iodepth="32" runtime="${synthetic}"/>
</fragment>
