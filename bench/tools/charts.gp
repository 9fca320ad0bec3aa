# Charts of bench/results/ (called by report.py: gnuplot -e "outdir='DIR'").
# main.dat / sweep.dat columns: 1 label; 2-4 rewritten, best separate, best
# Eigen speedup over the original at 1 thread; 5-7 the same at all cores;
# 8-9 best separate / rewritten and best Eigen / rewritten time at 1 thread;
# 10-11 the same at all cores. tool_speed.dat: nests, lnr-rewrite seconds,
# clang -fsyntax-only seconds.
file_exists(f) = system("[ -f '" . f . "' ] && echo 1 || echo 0") + 0
set terminal pngcairo size 1600,1000 font "sans,10" noenhanced
set datafile missing "NaN"
set style data histogram
set style histogram cluster gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside top center horizontal
set grid ytics
set rmargin 12
set bmargin 11
set xtics rotate by -35 left font "sans,8"

main = outdir . "/main.dat"
sweep = outdir . "/sweep.dat"
tool = outdir . "/tool_speed.dat"

if (file_exists(main)) {
  set output outdir . "/speedup.png"
  set multiplot layout 2,1 title "Speedup over the original sample (log scale; higher is better)"
  set logscale y
  set ylabel "x faster than original"
  set title "1 thread"
  plot main using 2:xtic(1) title "rewritten (lnr-rewrite)", \
       '' using 3 title "best separate (hand-written)", \
       '' using 4 title "best Eigen"
  set title "all cores"
  plot main using 5:xtic(1) title "rewritten (lnr-rewrite)", \
       '' using 6 title "best separate (hand-written)", \
       '' using 7 title "best Eigen"
  unset multiplot
  unset logscale y

  set output outdir . "/vs_separate.png"
  set title "Rewritten kernel against the best alternative: time of alternative / time of rewrite (> 1: the rewrite wins)"
  set ylabel "alternative time / rewritten time"
  set yrange [0:*]
  plot main using 8:xtic(1) title "best separate, 1 thread", \
       '' using 10 title "best separate, all cores", \
       '' using 9 title "best Eigen, 1 thread", \
       '' using 11 title "best Eigen, all cores", \
       1 with lines lw 2 lc rgb "black" notitle
  set yrange [*:*]
}

if (file_exists(sweep)) {
  set output outdir . "/sweep.png"
  set title "K / L sweep (R-MAT 2^15 rows): time of alternative / time of rewrite (> 1: the rewrite wins)"
  set ylabel "alternative time / rewritten time"
  set yrange [0:*]
  plot sweep using 8:xtic(1) title "best separate, 1 thread", \
       '' using 10 title "best separate, all cores", \
       '' using 9 title "best Eigen, 1 thread", \
       '' using 11 title "best Eigen, all cores", \
       1 with lines lw 2 lc rgb "black" notitle
  set yrange [*:*]
}

if (file_exists(tool)) {
  reset
  set terminal pngcairo size 900,600 font "sans,10" noenhanced
  set output outdir . "/tool_speed.png"
  set datafile missing "NaN"
  set style data linespoints
  set logscale xy
  set grid
  set title "Tool speed on generated files (log-log: slope 1 is linear growth)"
  set xlabel "nests in the file"
  set ylabel "seconds (best of the runs)"
  set key inside top left vertical
  # Linear reference through lnr-rewrite's time on the 10-nest file (the
  # second row): what the tool would take if it grew linearly from there.
  stats tool every ::1::1 using 1 nooutput
  n0 = STATS_min
  stats tool every ::1::1 using 2 nooutput
  t0 = STATS_min
  plot tool using 1:2 title "lnr-rewrite FILE --" pt 7, \
       tool using 1:3 title "clang-14 -fsyntax-only FILE" pt 5, \
       [10:500] t0 * x / n0 with lines dt 2 lc rgb "gray40" title "linear from 10 nests"
}
