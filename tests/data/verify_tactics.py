"""Independent brute-force checker for tests/data/tactics.txt (shares no code with the engine).
Usage: python3 verify_tactics.py SPEC > CHECKED, where SPEC lines have "-" as answers; prints each
line with the complete answer set computed from scratch (and "len=N" for VCF cases: own fours before the last).

Reads a spec (one position per line) and prints the line with the computed answers."""
import sys
D = [(1,0),(0,1),(1,1),(1,-1)]
def pt(s, n):
    return (ord(s[0])-97, n-int(s[1:]))
def name(p, n):
    return chr(97+p[0])+str(n-p[1])
class B:
    def __init__(s, n, rule):
        s.n=n; s.rule=rule; s.c={}
    def on(s,p): return 0<=p[0]<s.n and 0<=p[1]<s.n
    def run(s,p,col,d):
        L=1
        for sg in (1,-1):
            k=1
            while True:
                q=(p[0]+sg*k*d[0],p[1]+sg*k*d[1])
                if s.on(q) and s.c.get(q)==col: L+=1;k+=1
                else: break
        return L
    def five_at(s,p,col):
        # p empty: would col make a five
        for d in D:
            L=s.run(p,col,d)
            if (L>=5 if s.rule=='free' else L==5): return True
        return False
    def fives(s,col,around=None):
        cells = s.empties() if around is None else s.line_cells(around)
        return sorted({p for p in cells if s.five_at(p,col)})
    def line_cells(s,p):
        out=[]
        for d in D:
            for k in range(-5,6):
                q=(p[0]+k*d[0],p[1]+k*d[1])
                if s.on(q) and q not in s.c: out.append(q)
        return out
    def empties(s):
        return [(x,y) for x in range(s.n) for y in range(s.n) if (x,y) not in s.c]
    def near(s, dist=2):
        out=set()
        for (x,y) in s.c:
            for dx in range(-dist,dist+1):
                for dy in range(-dist,dist+1):
                    q=(x+dx,y+dy)
                    if s.on(q) and q not in s.c: out.add(q)
        return sorted(out)
    def key(s): return frozenset(s.c.items())
FAIL={}
def four_moves(b,col):
    out=[]
    cand=set()
    for p,c in b.c.items():
        if c==col:
            for d in D:
                for k in range(-4,5):
                    q=(p[0]+k*d[0],p[1]+k*d[1])
                    if b.on(q) and q not in b.c: cand.add(q)
    for m in sorted(cand):
        b.c[m]=col
        f=b.fives(col,m)
        del b.c[m]
        if f: out.append(m)
    return out
def vcf(b,col,depth):
    opp=3-col
    if b.fives(col): return True
    if depth==0: return False
    k=(b.key(),col)
    if FAIL.get(k,-1)>=depth: return False
    of=b.fives(opp)
    if len(of)>=2: return False
    moves = four_moves(b,col)
    if len(of)==1:
        moves=[m for m in moves if m==of[0]]
    for m in moves:
        b.c[m]=col
        f=b.fives(col,m)
        if len(f)>=2:
            del b.c[m]; return True
        if len(f)==1:
            b.c[f[0]]=opp
            r=vcf(b,col,depth-1)
            del b.c[f[0]]
            if r:
                del b.c[m]; return True
        del b.c[m]
    FAIL[k]=depth
    return False
def vcf_len(b,col,maxd):
    for d in range(1,maxd+1):
        if vcf(b,col,d): return d
    return None
def parse(line):
    f=[x.strip() for x in line.split('|')]
    name_,rule,n,tm,xs,os_,kind=f[:7]
    n=int(n); b=B(n,rule)
    for s in xs.split(): b.c[pt(s,n)]=1
    for s in os_.split(): b.c[pt(s,n)]=2
    col=1 if tm=='X' else 2
    return f,b,col,kind
def main():
    for line in open(sys.argv[1]):
        line=line.rstrip('\n')
        if not line.strip() or line.startswith('#'):
            print(line); continue
        f,b,col,kind=parse(line)
        n=b.n; opp=3-col
        info=''
        if kind=='win1':
            ans=b.fives(col)
        elif kind=='block':
            assert not b.fives(col)
            ans=b.fives(opp)
        elif kind.startswith('vcf'):
            want=int(kind[3:])-1
            L=vcf_len(b,col,12)
            assert L is not None, (f[0],'no vcf')
            info='len=%d'%L
            info += " WANT%d" % want if L != want else ""
            # all first moves that start a VCF within 12 own moves
            ans=[]
            for m in four_moves(b,col):
                if b.fives(opp) and m!=b.fives(opp)[0]: continue
                b.c[m]=col
                fp=b.fives(col,m)
                ok=False
                if len(fp)>=2: ok=True
                elif len(fp)==1:
                    b.c[fp[0]]=opp
                    ok=vcf(b,col,11)
                    del b.c[fp[0]]
                del b.c[m]
                if ok: ans.append(m)
        elif kind in ('defend','three'):
            assert not b.fives(col) and not vcf(b,col,12), (f[0],'mover has vcf')
            ans=[]
            for m in b.near(3):
                b.c[m]=col
                bad = vcf(b,opp,12)
                if not bad and kind=='three':
                    # the opponent must not get an open four / double four
                    # (a win in two) either, unless our move was a four
                    if not b.fives(col,m):
                        for q in b.near(2):
                            b.c[q]=opp
                            if len(b.fives(opp,q))>=2: bad=True
                            del b.c[q]
                            if bad: break
                del b.c[m]
                if not bad: ans.append(m)
        else:
            raise SystemExit('kind '+kind)
        print(' | '.join(f[:7]+[' '.join(name(p,n) for p in ans)]+f[8:9]), '#', info, file=sys.stdout)
main()
